/**
 * The store contract against MongoDB, whenever MONGODB_URL is set (no MongoDB server can be
 * installed on our own machines; CI elsewhere or a developer with one sets it). Each run uses its
 * own database, dropped afterwards.
 */
import { MongoClient } from 'mongodb';
import { openMongoStore } from '../../store/mongo/index.js';
import { storeContract } from './contract.js';
import { runStoreContract } from './runsContract.js';

const url = process.env.MONGODB_URL;

if (url) {
  const openMongo = async () => {
    const dbName = `engcalc_test_${process.pid}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    const store = await openMongoStore({ url, dbName });
    return {
      store,
      cleanup: async () => {
        await store.close();
        const client = await new MongoClient(url).connect();
        await client.db(dbName).dropDatabase();
        await client.close();
      },
    };
  };
  storeContract('MongoDB', openMongo);
  runStoreContract('MongoDB', openMongo);
} else {
  describe('store contract: MongoDB', () => {
    it('[skipped: MONGODB_URL is not set; no MongoDB server can be installed on these machines]', function () {
      this.skip();
    });
  });
}
