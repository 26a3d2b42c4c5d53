// The Seam module. Sources land here; see README.md.
