/// What the migration knows of SDK types without their declarations, to write a type it reads from an expression
/// (``InitialValueType``): a few members' types, the module that declares a type, and the modules that re-export
/// another. Deliberately small: an expression reaching anything else keeps its initial value, with a note.
enum SDKMemberTypes {
    /// Names the standard library declares, visible in every file.
    static let standardLibrary: Set<String> = [
        "Any", "AnyObject", "Array", "Bool", "Character", "Dictionary", "Double", "Float", "Int", "Int8", "Int16",
        "Int32",
        "Int64", "Never", "Optional", "Result", "Set", "String", "Substring", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64",
        "Void",
    ]

    /// The type of `member` on the SDK type `type`, for the members apps read through their singletons' properties
    /// (Core Data stacks' `persistentContainer.viewContext`).
    static func type(of member: String, on type: String) -> String? {
        members[type]?[member]
    }

    /// A Core Data container's members (the CloudKit one inherits them).
    private static let persistentContainer = [
        "viewContext": "NSManagedObjectContext",
        "persistentStoreCoordinator": "NSPersistentStoreCoordinator",
        "managedObjectModel": "NSManagedObjectModel",
        "name": "String",
    ]

    private static let members: [String: [String: String]] = [
        "NSPersistentContainer": persistentContainer,
        "NSPersistentCloudKitContainer": persistentContainer,
        "NSManagedObjectContext": [
            "persistentStoreCoordinator": "NSPersistentStoreCoordinator?",
            "parent": "NSManagedObjectContext?",
        ],
    ]

    /// The module that declares the SDK type `name`, when it is one of the types ``type(of:on:)`` returns or a
    /// common Foundation type.
    static func module(of name: String) -> String? {
        if name.hasPrefix("NSManagedObject") || name.hasPrefix("NSPersistent") || name.hasPrefix("NSFetch")
            || name == "NSEntityDescription"
        {
            return "CoreData"
        }
        return foundationTypes.contains(name) ? "Foundation" : nil
    }

    private static let foundationTypes: Set<String> = [
        "Bundle", "Calendar", "Data", "Date", "DateFormatter", "FileManager", "JSONDecoder", "JSONEncoder", "Locale",
        "NotificationCenter", "NumberFormatter", "OperationQueue", "ProcessInfo", "TimeZone", "URL", "URLSession",
        "URLRequest", "UUID", "UserDefaults",
    ]

    /// `module` and the modules whose `import` brings it in too (UIKit, AppKit, SwiftUI and Core Data re-export
    /// Foundation).
    static func modules(exporting module: String) -> Set<String> {
        module == "Foundation"
            ? ["Foundation", "UIKit", "AppKit", "Cocoa", "SwiftUI", "CoreData", "WatchKit"] : [module]
    }
}
