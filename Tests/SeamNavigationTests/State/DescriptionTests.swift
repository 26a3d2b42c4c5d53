import Testing
import SeamNavigation

@Suite("Descriptions used in errors and logs")
struct DescriptionTests {
    @Test func presentedRoutes() {
        #expect(PresentedRoute<SurfRoute>.push(.map).description == "push map")
        #expect(
            PresentedRoute<SurfRoute>.sheet(.settings, withNavigationStack: true).description == "sheet+stack settings")
        #expect(
            PresentedRoute<SurfRoute>.fullScreenCover(.signIn, withNavigationStack: false).description == "cover signIn"
        )
    }

    @Test func commands() {
        let commands: [NavigationCommand<SurfRoute>] = [
            .push(.map), .pop(count: 2), .popTo(.spots), .popToRoot,
            .present(.settings, .fullScreenCover, withNavigationStack: true), .dismiss(count: 1),
            .replace([.push(.spots), .sheet(.map, withNavigationStack: false)]),
        ]
        #expect(
            commands.map(\.description) == [
                "push map", "pop 2", "pop to spots", "pop to root", "present fullScreenCover+stack settings",
                "dismiss 1", "replace with [push spots, sheet map]",
            ])
    }

    @Test func presentationProperties() {
        #expect(Presentation.push.modalStyle == nil)
        #expect(Presentation.push.hasNavigationStack)
        #expect(Presentation.modal(.sheet, withNavigationStack: false) == .sheet(withNavigationStack: false))
        let cover = Presentation.modal(.fullScreenCover, withNavigationStack: true)
        #expect(cover == .fullScreenCover(withNavigationStack: true))
        #expect(!Presentation.sheet(withNavigationStack: false).hasNavigationStack)
        #expect(Presentation.fullScreenCover(withNavigationStack: false).isModal)
    }
}
