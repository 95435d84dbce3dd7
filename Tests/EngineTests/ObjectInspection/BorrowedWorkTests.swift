import ExerciseCatalog
import Testing
@testable import Grading
@testable import ObjectInspection

/// A file that hands its exercise's work to Combine's own implementation is refused, by what
/// its compiled object uses, against a list of what the exercise allows (issue 47). The
/// lines are `swift-demangle`'s, as the compile's step writes them: for an OpenCombine build
/// on Linux, and for Apple's Combine (fixtures, since no Mac runs here; the macOS workflow
/// compiles the real ones).
@Suite struct BorrowedWorkTests {
    let countdown = Exercise(name: "Countdown", chapter: "03-fibonacci", summary: "", hints: [], points: 10, yourOwn: "your own publisher and its subscription")

    static func names(_ line: String, own: String? = "Exercise_G_Countdown") -> [String] {
        UsedName.names(in: Substring(line), ownModule: own).map(\.description)
    }

    @Test func aNameIsItsDeclarationWithoutGenericsAccessorsOrTheLearnersModule() {
        #expect(Self.names("dispatch thunk of OpenCombine.Subscription.request(OpenCombine.Subscribers.Demand) -> ()")
                == ["OpenCombine.Subscription.request(_:)", "OpenCombine.Subscribers.Demand"])
        #expect(Self.names("(extension in OpenCombine):OpenCombine.Publisher.scan<A>(A1, (A1, A.Output) -> A1) -> OpenCombine.Publishers.Scan<A, A1>")
                == ["OpenCombine.Publisher.scan(_:_:)", "OpenCombine.Publishers.Scan"])
        #expect(Self.names("static (extension in Backpressure):OpenCombine.Publishers.fibonacci(count: OpenCombine.Subscribers.Demand) -> Backpressure.Fibonacci")
                == ["Backpressure.Publishers.fibonacci(count:)", "OpenCombine.Subscribers.Demand", "Backpressure.Fibonacci"])
        #expect(Self.names("static OpenCombine.Subscribers.Demand.> infix(OpenCombine.Subscribers.Demand, OpenCombine.Subscribers.Demand) -> Swift.Bool")
                == ["OpenCombine.Subscribers.Demand.>", "OpenCombine.Subscribers.Demand", "OpenCombine.Subscribers.Demand"])
        #expect(Self.names("(extension in OpenCombine):Swift.Sequence.publisher.getter : OpenCombine.Publishers.Sequence<A, Swift.Never>")
                == ["OpenCombine.Sequence.publisher", "OpenCombine.Publishers.Sequence"], "the standard library's type, Combine's extension")
        #expect(Self.names("(extension in OpenCombine):OpenCombine.CustomCombineIdentifierConvertible< where A: Swift.AnyObject>.combineIdentifier.getter : OpenCombine.CombineIdentifier")
                == ["OpenCombine.CustomCombineIdentifierConvertible.combineIdentifier", "OpenCombine.CombineIdentifier"])
        #expect(Self.names("OpenCombine.Subscriptions.empty.unsafeMutableAddressor : OpenCombine.Subscription") == ["OpenCombine.Subscriptions.empty", "OpenCombine.Subscription"])
        #expect(Self.names("type metadata accessor for OpenCombine.Subscribers.AssignLater") == ["OpenCombine.Subscribers.AssignLater"])
    }

    @Test func theLearnersOwnNamesAndFreeModulesAreNotGoverned() {
        #expect(Self.names("Exercise_G_Countdown.Publishers.Scan.init() -> Exercise_G_Countdown.Publishers.Scan").isEmpty)
        #expect(Self.names("protocol witness table for Exercise_G_Countdown.Feed : OpenCombine.Subscription in Exercise_G_Countdown") == ["OpenCombine.Subscription"])
        #expect(Self.names("Swift.print(_: Any..., separator: Swift.String, terminator: Swift.String) -> ()").isEmpty)
        #expect(Self.names("Foundation.NSLock.lock() -> ()").isEmpty)
        #expect(Self.names("Dispatch.DispatchQueue.sync<A>(execute: () throws -> A) throws -> A").isEmpty)
        #expect(Self.names("swift_retain").isEmpty)
    }

    /// Apple's names, as the macOS build's listing gives them: the module set aside, they
    /// are the same names, so one list holds on both platforms.
    @Test func applesCombineNamesAreTheSameNames() {
        #expect(Self.names("type metadata accessor for Combine.Publishers.MergeMany") == ["Combine.Publishers.MergeMany"])
        for arity in 3...8 {
            #expect(Self.names("Combine.Publishers.Merge\(arity).init(A, B, C) -> Combine.Publishers.Merge\(arity)<A, B, C>")
                    == ["Combine.Publishers.Merge\(arity)", "Combine.Publishers.Merge\(arity)"])
        }
        #expect(Self.names("(extension in Combine):Combine.Publisher.merge<A where A1: Combine.Publisher>(with: A1) -> Combine.Publishers.Merge<A, A1>")
                == ["Combine.Publisher.merge(with:)", "Combine.Publishers.Merge"])
        #expect(Self.names("(extension in Foundation):__C.NSNotificationCenter.publisher(for: __C.NSNotificationName, object: Swift.AnyObject?) -> __C.NSNotificationCenter.Publisher")
                .first == "__C.NSNotificationCenter.publisher(for:object:)", "Foundation's Combine publishers are governed")
    }

    /// Everything but what is allowed is refused: the known compositions and Apple's merges
    /// alike, with no name of theirs on any list.
    @Test func whatIsNotAllowedIsRefusedAndTheVocabularyIsNot() throws {
        let allowed = try #require(OwnWork.allowed(for: countdown))
        let listing = """
            dispatch thunk of OpenCombine.Subscription.request(OpenCombine.Subscribers.Demand) -> ()
            static OpenCombine.Subscribers.Demand.max(Swift.Int) -> OpenCombine.Subscribers.Demand
            (extension in OpenCombine):OpenCombine.Publisher.scan<A>(A1, (A1, A.Output) -> A1) -> OpenCombine.Publishers.Scan<A, A1>
            static (extension in Backpressure):OpenCombine.Publishers.fibonacci(count: OpenCombine.Subscribers.Demand) -> Backpressure.Fibonacci
            OpenCombine.Empty.init(completeImmediately: Swift.Bool) -> OpenCombine.Empty<A, B>
            type metadata accessor for Combine.Publishers.MergeMany
            type metadata accessor for Combine.Publishers.Merge5
            """
        let refused = BorrowedWork.disallowed(BorrowedWork.usedNames(in: listing, ownModule: "Exercise_G_Countdown"), allowed: allowed).map(\.name)
        #expect(refused == ["Publisher.scan(_:_:)", "Publishers.Scan", "Publishers.fibonacci(count:)", "Fibonacci", "Empty", "Publishers.MergeMany", "Publishers.Merge5"])
        #expect(OwnWork.allows(allowed, "Subscription.request(_:)"))
        #expect(OwnWork.allows(allowed, "Subscribers.Demand.max(_:)"), "a member of an entry ending in .*")
        #expect(!OwnWork.allows(allowed, "Publisher.sink(receiveValue:)"), "the protocol allows none of its operators")
        #expect(!OwnWork.allows(allowed, "Subscribers.Sink"))
    }

    @Test func anUnnamedSymbolIsFound() {
        #expect(BorrowedWork.firstUnnamed(in: "swift_retain\n$s11OpenCombine10PublishersO4ScanVMn") == "$s11OpenCombine10PublishersO4ScanVMn")
        #expect(BorrowedWork.firstUnnamed(in: "swift_retain\nOpenCombine.Publishers.Scan") == nil)
    }

    @Test func theRefusalSaysWhatTheExerciseAsksForAndPointsAtALine() {
        let chunks = "import OpenCombineShim\n\nlet x = upstream\n    .compactMap { $0 }\n"
        #expect(BorrowedWork.refusal([UsedName(module: "OpenCombine", name: "Publishers.CompactMap")], for: countdown, sourceName: "C.swift", text: chunks)
            .hasPrefix("C.swift:4: error: "), "the type is made by its operator, spelt with a small letter")
        let text = "import OpenCombineShim\nlet p = Publishers.fibonacci(count: .max(3))\n  .scan(4) { last, _ in last - 1 }\n"
        let names = [UsedName(module: "OpenCombine", name: "Publisher.scan(_:_:)"), UsedName(module: "Backpressure", name: "Publishers.fibonacci(count:)")]
        #expect(BorrowedWork.refusal(names, for: countdown, sourceName: "Exercises/Countdown.swift", text: text)
                == "Exercises/Countdown.swift:3: error: this exercise asks for your own publisher and its subscription; your file uses Combine's `Publisher.scan(_:_:)`; the workbook library's `Publishers.fibonacci(count:)`, which it may not build on (it may use Combine's protocols and their requirements, demand, completion, cancellables and what the stub shows)")
    }

    /// The six exercises that ask for the learner's own work are governed, each with what its
    /// stub and solution use; every other exercise allows anything.
    @Test func theGovernedExercisesAreTheOnesThatAskForYourOwnWork() {
        let governed = Set(ExerciseManifest.all.filter { OwnWork.allowed(for: $0) != nil }.map(\.name))
        #expect(governed == ["MyAssign", "PausingSubscriber", "Countdown", "Chunks", "MyMerge", "RefCountReplay"])
        #expect(Set(ExerciseManifest.referenceUses.keys) == governed)
        for name in ExerciseManifest.referenceUses.values.joined() { #expect(OwnWork.isName(name), "\(name)") }
        for name in OwnWork.vocabulary { #expect(OwnWork.isName(name), "\(name)") }
    }
}
