extension Container {
    /// Builds every registration once in a sandbox (a fresh isolated storage, inheriting the current
    /// overrides and context) and reports each failure and each captive dependency, with the graph.
    ///
    /// ```swift
    /// let report = await container.verify()
    /// #expect(report.isClean, "\(report)")
    /// ```
    public func verify(fileID: String = #fileID, line: Int = #line) async -> VerificationReport {
        let recorder = GraphRecorder()
        let frame = makeFrame(context: nil, recorder: recorder, isolated: true, fileID: fileID, line: line) {
            $0.issueReporter = { _ in }
        }
        var failures: [VerificationReport.Failure] = []
        var unbuilt: [String] = []
        for registration in registrations {
            recorder.add(registration)
            guard let build = registration.build else {
                unbuilt.append(registration.name)
                continue
            }
            if let error = await OverrideFrame.bind(frame, isolation: nil, { await build(self) }) {
                failures.append(.init(dependency: registration.name, error: error))
            }
        }
        let recorded = recorder.graph(container: name)
        let captives = recorded.captives()
        // The exported graph shows every captive, also one held through unique instances.
        let graph = recorded.markingCaptives(captives)
        return VerificationReport(failures: failures, captives: captives, unbuilt: unbuilt, graph: graph)
    }

    /// Where the instance a resolve of `key` returns in the current task comes from (or would come from).
    public func origin<K: TestDependencyKey>(of key: K.Type) -> Origin {
        let frame = OverrideFrame.currentIfAny
        let context = frame?.context ?? self.context
        let fallback = Self.fallback(
            in: context, hasTestValue: K.testValue != nil, usesLiveFactoryInTests: K.usesLiveFactoryInTests,
            hasPreviewValue: K.previewValue != nil
        )
        return origin(key, frame: frame, context: context, fallback: fallback)
    }

    /// Where the instance a resolve of the main-actor `key` returns comes from (or would come from).
    @MainActor
    public func origin<K: MainActorDependencyKey>(of key: K.Type) -> Origin {
        let frame = OverrideFrame.currentIfAny
        let context = frame?.context ?? self.context
        let fallback = Self.fallback(
            in: context, hasTestValue: K.testValue != nil, usesLiveFactoryInTests: K.usesLiveFactoryInTests,
            hasPreviewValue: K.previewValue != nil
        )
        return origin(key, frame: frame, context: context, fallback: fallback)
    }

    /// Where a resolve in `context` gets its value when nothing overrides the key: the live factory, the
    /// test or preview value, or nothing (a test context with no test value).
    private static func fallback(
        in context: DependencyContext, hasTestValue: Bool, usesLiveFactoryInTests: Bool, hasPreviewValue: Bool
    ) -> DependencySource? {
        switch context {
        case .live: .live
        case .test: hasTestValue ? .test : usesLiveFactoryInTests ? .live : nil
        case .preview: hasPreviewValue ? .preview : .live
        }
    }

    private func origin<K: _DependencyKeyBase>(
        _ key: K.Type, frame: OverrideFrame?, context: DependencyContext, fallback: DependencySource?
    ) -> Origin {
        let id = ObjectIdentifier(key)
        let storage: Storage?
        let label: Origin.StorageKind
        if let frame {
            storage = frame.existingStorage(for: self)
            label = storage?.label ?? .isolated(frame.label)
        } else if keepsNothingOutsideScopes {
            storage = nil
            label = .unscoped
        } else {
            storage = self.storage
            label = self.storage.label
        }
        let held = storage?.existingSlot(for: key)?.heldSource
        let overridden = frame?.overrides[id]?.source ?? own?.table[id]?.source
        return Origin(
            dependency: K.name, context: context, source: held ?? overridden ?? fallback, lifetime: K.lifetime,
            storage: label, hasInstance: held != nil
        )
    }
}
