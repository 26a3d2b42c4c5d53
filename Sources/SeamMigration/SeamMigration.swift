// The SeamMigration module. Sources land here; see README.md.
