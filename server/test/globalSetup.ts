import { prepareTemplate } from './helpers/database';

// Runs once per Jest run: migrates the template database every test file copies.
export default async function globalSetup() {
  await prepareTemplate();
}
