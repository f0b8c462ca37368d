#!/usr/bin/env python3
"""Submit a sensitivity sweep as engine runs and collect every result (Python standard library only).

    ENGCALC_URL=http://localhost:8080 ENGCALC_KEY=eng_... python3 scripts/sweep_runs.py [--cases 10000] [--per-run 1000] [--out results.csv]

The sweep: pvt.gasProperties at 200 degF over a grid of gas gravity x pressure. Cases are sent as
runs of --per-run items (POST /v1/engine/functions/pvt.gasProperties/runs), each with an
Idempotency-Key derived from the sweep and the run's first case, so a script restarted halfway
gets the runs it already created back instead of doubling the work. It then follows each run
(GET with Prefer: wait=30) and pages through its results. Every case ends up in the CSV once,
with z and Bg or the error code the server gave it; the last line prints the counts.
"""
import argparse
import csv
import hashlib
import json
import os
import sys
import time
import urllib.error
import urllib.request

FN = "pvt.gasProperties"


def request(base, key, method, path, body=None, headers=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Authorization", "Bearer " + key)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    for k, v in (headers or {}).items():
        req.add_header(k, v)
    for attempt in range(8):
        try:
            with urllib.request.urlopen(req, timeout=120) as res:
                return res.status, json.loads(res.read())
        except urllib.error.HTTPError as err:
            if err.code in (429, 503) and attempt < 7:  # busy or a node restarting: wait as told
                time.sleep(float(err.headers.get("Retry-After", "5")))
                continue
            raise SystemExit(f"{method} {path}: {err.code} {err.read()[:300].decode(errors='replace')}")
        except urllib.error.URLError as err:
            if attempt < 7:
                time.sleep(2)
                continue
            raise SystemExit(f"{method} {path}: {err.reason}")


def cases(n):
    """n cases over gas gravity 0.60-0.95 x pressure 200-8000 psia."""
    out = []
    side = max(1, int(n ** 0.5))
    for i in range(n):
        sg = 0.60 + 0.35 * ((i // side) % side) / max(1, side - 1)
        psia = 200 + 7800 * (i % side) / max(1, side - 1)
        out.append({"id": f"case-{i}", "input": {"psia": [round(psia, 3)], "TF": 200, "gasSG": round(sg, 4)}})
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", type=int, default=10_000)
    ap.add_argument("--per-run", type=int, default=1_000)
    ap.add_argument("--out", default="sweep_results.csv")
    args = ap.parse_args()
    base = os.environ.get("ENGCALC_URL", "http://localhost:8080").rstrip("/")
    key = os.environ.get("ENGCALC_KEY") or sys.exit("set ENGCALC_KEY to an API key with engine:run")

    all_cases = cases(args.cases)
    sweep = hashlib.sha256(json.dumps(all_cases).encode()).hexdigest()[:16]
    started = time.time()
    runs = []
    for start in range(0, len(all_cases), args.per_run):
        items = all_cases[start:start + args.per_run]
        status, run = request(base, key, "POST", f"/v1/engine/functions/{FN}/runs", {"items": items},
                              {"Idempotency-Key": f"sweep-{sweep}-{start}"})
        runs.append(run)
        print(f"run {run['id']} ({len(items)} cases) {run['status']}", file=sys.stderr)

    results = {}
    for run in runs:
        path = run["links"]["self"]
        while True:
            _, run = request(base, key, "GET", path + "?limit=0", headers={"Prefer": "wait=30"})
            if run["status"] not in ("queued", "running"):
                break
            print(f"run {run['id']}: {run['progress']['done']}/{run['progress']['total']}", file=sys.stderr)
        page = f"{path}?limit=5000"
        while page:
            _, body = request(base, key, "GET", page)
            for r in body["results"]:
                results[r["id"]] = r
            page = body["links"].get("next")
        print(f"run {run['id']} {run['status']}: {run['counts']}", file=sys.stderr)

    ok = failed = 0
    with open(args.out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "psia", "gasSG", "z", "Bg_rcf_per_scf", "error"])
        for case in all_cases:
            r = results.get(case["id"])
            if r is None:
                w.writerow([case["id"], case["input"]["psia"][0], case["input"]["gasSG"], "", "", "missing"])
                failed += 1
            elif r["ok"]:
                w.writerow([case["id"], case["input"]["psia"][0], case["input"]["gasSG"], r["result"]["z"][0], r["result"]["Bg"][0], ""])
                ok += 1
            else:
                w.writerow([case["id"], case["input"]["psia"][0], case["input"]["gasSG"], "", "", r["error"]["code"]])
                failed += 1
    print(f"{len(all_cases)} cases, {ok} succeeded, {failed} failed, {len(results)} distinct results, "
          f"{time.time() - started:.1f} s; written to {args.out}")
    return 0 if ok + failed == len(all_cases) else 1


if __name__ == "__main__":
    sys.exit(main())
