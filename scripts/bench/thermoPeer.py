"""Peer run for `npm run bench -- --only eos`: the same fluid with thermo (Caleb Bell, MIT).

Reads one JSON document on stdin: {eos, Tcs (K), Pcs (Pa), omegas, MWs, kij, zs, points: [[T K, P Pa], ...],
durationS, envelope: {pressures: [Pa, ...]}} and prints one JSON line: the PT flashes per second
of FlashVL over the points (cycled, like the engine's loop), and the time of the saturation
points (bubble and dew temperature at each pressure, flash(P=, VF=0|1)) that stand in for an
envelope: thermo 0.6.1 has no envelope tracer. No fitting, no shared code with the engine.
"""
import json
import sys
import time

try:
    import thermo
    from thermo import CEOSGas, CEOSLiquid, ChemicalConstantsPackage, FlashVL, HeatCapacityGas, PR78MIX, PRMIX, PropertyCorrelationsPackage, SRKMIX
except Exception as exc:  # noqa: BLE001 - reported to the bench, which skips the peer row
    print(json.dumps({"skip": f"thermo is not importable: {exc}"}))
    sys.exit(0)

doc = json.load(sys.stdin)
n = len(doc["zs"])
eos = {"PR": PRMIX, "PR78": PR78MIX, "SRK": SRKMIX}[doc["eos"]]
kw = dict(Tcs=doc["Tcs"], Pcs=doc["Pcs"], omegas=doc["omegas"], kijs=doc["kij"])
consts = ChemicalConstantsPackage(Tcs=doc["Tcs"], Pcs=doc["Pcs"], omegas=doc["omegas"], MWs=doc["MWs"], CASs=[None] * n)
# Ideal-gas heat capacities do not enter a PT flash; a constant one satisfies the package.
cps = [HeatCapacityGas(poly_fit=(200.0, 1000.0, [0, 0, 0, 0, 0, 0, 0, 0, 0, 4 * 8.314462618])) for _ in range(n)]
corr = PropertyCorrelationsPackage(consts, HeatCapacityGases=cps)
flasher = FlashVL(consts, corr, liquid=CEOSLiquid(eos, kw, HeatCapacityGases=cps), gas=CEOSGas(eos, kw, HeatCapacityGases=cps))
zs = doc["zs"]
points = doc["points"]

for T, P in points:  # warm-up (and a check that every point flashes)
    flasher.flash(T=T, P=P, zs=zs)
count = 0
start = time.perf_counter()
end = start + doc["durationS"]
while time.perf_counter() < end:
    T, P = points[count % len(points)]
    flasher.flash(T=T, P=P, zs=zs)
    count += 1
elapsed = time.perf_counter() - start

sat_ok = 0
sat_failed = 0
t0 = time.perf_counter()
for P in doc["envelope"]["pressures"]:
    for vf in (0.0, 1.0):
        try:
            flasher.flash(P=P, VF=vf, zs=zs)
            sat_ok += 1
        except Exception:  # noqa: BLE001 - counted: a saturation point thermo could not find
            sat_failed += 1
sat_ms = (time.perf_counter() - t0) * 1000

print(json.dumps({
    "thermo": thermo.__version__,
    "python": sys.version.split()[0],
    "flashesPerSec": count / elapsed,
    "flashes": count,
    "saturationPoints": sat_ok,
    "saturationFailures": sat_failed,
    "saturationMs": sat_ms,
}))
