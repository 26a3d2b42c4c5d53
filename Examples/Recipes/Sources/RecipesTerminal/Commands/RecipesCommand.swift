import ArgumentParser
import Foundation
import RecipesCore

/// `recipes`: the Whisked recipe app in a terminal.
///
///     recipes categories
///     recipes meals Dessert
///     recipes meal 52768
///     recipes favourite add 52768
///     recipes open recipes://meal/52768
///     recipes favourites --offline
public struct RecipesCommand: AsyncParsableCommand {
    /// The command tree.
    public static let configuration = CommandConfiguration(
        commandName: "recipes",
        abstract: "Browse TheMealDB's recipes and keep favourites for offline use.",
        discussion: """
            The API base URL comes from the configuration: the bundled config files (APP_ENV picks \
            development, the fixture server on 127.0.0.1:8080, or production, TheMealDB), then \
            RECIPES_API_BASE_URL. Favourites are kept whole in SQLite (RECIPES_DATABASE_PATH).

            Exit codes: 0 done, 1 the app could not do it (offline, not found, server error), \
            2 bad input (arguments, deep link, configuration).
            """,
        subcommands: [
            CategoriesCommand.self, MealsCommand.self, MealCommand.self, FavouriteCommand.self,
            FavouritesCommand.self, OpenCommand.self,
        ]
    )

    /// The root command (argument-parser builds it).
    public init() {}

    /// Runs the command line; usage errors exit with 2 (argument-parser's default is 64).
    public static func runCommandLine() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(RecipesExit.usage)
            }
            exit(withError: error)
        }
    }
}

struct CategoriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "categories", abstract: "List the categories.")

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await options.run { app in try await app.showCategories() }
    }
}

struct MealsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "meals", abstract: "List the meals of a category.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The category, as `recipes categories` lists it (Dessert).")
    var category: String

    func run() async throws {
        try await options.run { [category] app in try await app.show(.meals(category: category)) }
    }
}

struct MealCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meal", abstract: "Show a recipe: ingredients and method (from favourites when saved)."
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The meal's id (52768).")
    var id: String

    func run() async throws {
        try await options.run { [id] app in try await app.show(.mealDetail(id: id)) }
    }
}

struct FavouritesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favourites",
        abstract: "List the favourites (refreshed from the network unless --offline)."
    )

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await options.run { app in try await app.show(.favourites) }
    }
}

struct FavouriteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favourite",
        abstract: "Add or remove a favourite.",
        subcommands: [Add.self, Remove.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Save a recipe, whole, so it opens offline.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The meal's id (52768).")
        var id: String

        func run() async throws {
            try await options.run { [id] app in try await app.addFavourite(id: id) }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a recipe from favourites.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The meal's id (52768).")
        var id: String

        func run() async throws {
            try await options.run { [id] app in try await app.removeFavourite(id: id) }
        }
    }
}

struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a deep link: recipes://category/Dessert, recipes://meal/52768, recipes://favourites."
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The link.")
    var link: String

    func run() async throws {
        try await options.run { [link] app in try await app.open(link) }
    }
}
