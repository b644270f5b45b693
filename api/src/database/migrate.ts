/** `npm run migrate -w @friends/api`: applies pending migrations to DATABASE_URL and exits. */
import dataSource from './data-source';

async function main(): Promise<void> {
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'all' });
    console.log(
      applied.length ? `Applied: ${applied.map((m) => m.name).join(', ')}` : 'Database is up to date.',
    );
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
