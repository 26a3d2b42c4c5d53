import SeamAnalysis
import Testing

@Suite("test file paths")
struct TestFilePathTests {
    @Test(
        "under a Tests/Test folder, or a file named *Tests.swift, *Test.swift or *Mock*.swift",
        arguments: [
            ("Tests/SeamTests/Feed.swift", true),
            ("App/FeedTests/Helpers.swift", true),
            ("App/UITest/Launch.swift", true),
            ("App/Feed/FeedViewModelTests.swift", true),
            ("App/Feed/SnapshotTest.swift", true),
            ("App/Mocks/Helpers.swift", false),
            ("App/Feed/MockFeedService.swift", true),
            ("App/Feed/FeedServiceMock.swift", true),
            ("App/Feed/Feed.swift", false),
            ("App/Testing/Feed.swift", false),
            ("App/Feed/TestsHelper.swift", false),
            ("Main.swift", false),
            ("", false),
        ])
    func classified(path: String, isTest: Bool) {
        #expect(path.isTestFilePath == isTest)
    }
}
