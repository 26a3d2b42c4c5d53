import RecipesTerminal

await RecipesCommand.runCommandLine()
