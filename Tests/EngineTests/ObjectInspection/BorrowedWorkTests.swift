import ExerciseCatalog
import Testing
@testable import Grading
@testable import ObjectInspection

/// A file that hands its exercise's work to Combine's own implementation is refused, by what
/// its compiled object uses (issue 33, row 10). The lines are `swift-demangle`'s, as the
/// compile's step writes them for an OpenCombine build.
@Suite struct BorrowedWorkTests {
    let myAssign = Exercise(name: "MyAssign", chapter: "01-demand", summary: "", hints: [], points: 10,
                            yourOwn: "your own Assign", notUsing: ["Subscribers.Assign", "Publisher.assign", "Publisher.sink"])
    let countdown = Exercise(name: "Countdown", chapter: "03-fibonacci", summary: "", hints: [], points: 10,
                             yourOwn: "your own publisher", notUsing: ["Sequence.publisher", "Publishers.Sequence"])

    @Test func aWrappedAssignIsFoundWhateverItsGenericArguments() {
        let listing = """
            static OpenCombine.Subscribers.Demand.unlimited.getter : OpenCombine.Subscribers.Demand
            type metadata accessor for OpenCombine.Subscribers.Assign
            """
        #expect(BorrowedWork.firstBorrowed(by: listing, for: myAssign) == "Subscribers.Assign")
        let sink = "(extension in OpenCombine):OpenCombine.Publisher< where A.Failure == Swift.Never>.sink(receiveValue: (A.Output) -> ()) -> OpenCombine.AnyCancellable"
        #expect(BorrowedWork.firstBorrowed(by: sink, for: myAssign) == "Publisher.sink")
        let sequence = "(extension in OpenCombine):Swift.Sequence.publisher.getter : OpenCombine.Publishers.Sequence<A, Swift.Never>"
        #expect(BorrowedWork.firstBorrowed(by: sequence, for: countdown) == "Sequence.publisher")
    }

    /// The learner's own types, longer names and names of other modules are not Combine's.
    @Test func namesThatOnlyLookAlikeAreNotBorrowed() {
        let listing = """
            OpenCombine.Subscribers.Demand.max(Swift.Int) -> OpenCombine.Subscribers.Demand
            type metadata accessor for OpenCombine.Subscribers.AssignLater
            Exercise_G_MyAssign.Subscribers.Assign.init() -> Exercise_G_MyAssign.Subscribers.Assign
            (extension in OpenCombine):OpenCombine.Publisher.subscribe<A where A1: OpenCombine.Subscriber, A1.Input == OpenCombine.Subscribers.Assign<A, B>>(A1) -> ()
            """
        #expect(BorrowedWork.firstBorrowed(by: listing, for: myAssign) == nil)
        #expect(BorrowedWork.firstBorrowed(by: "type metadata accessor for OpenCombine.Subscribers.Assign", for: countdown) == nil)
    }

    @Test func theRefusalSaysWhatToWriteAndPointsAtALine() {
        let text = "import OpenCombineShim\ntypealias Inner = Subscribers.Assign<A, B>\n"
        #expect(BorrowedWork.refusal("Subscribers.Assign", for: myAssign, sourceName: "Exercises/MyAssign.swift", text: text)
                == "Exercises/MyAssign.swift:2: error: this exercise asks you to write your own Assign; your file uses Subscribers.Assign")
    }

    /// The list gives each exercise that asks for its own work what would do it instead,
    /// and the reference solutions never use it (`workbook dev check` grades them).
    @Test func theExercisesThatAskForYourOwnWorkSaySo() {
        let named = Dictionary(uniqueKeysWithValues: ExerciseManifest.all.map { ($0.name, $0) })
        #expect(named["MyAssign"]?.notUsing.contains("Subscribers.Assign") == true)
        #expect(named["Countdown"]?.notUsing.contains("Sequence.publisher") == true)
        #expect(named["Chunks"]?.notUsing.contains("Publisher.collect") == true)
        #expect(named["MyMerge"]?.notUsing.contains("Publisher.flatMap") == true)
        #expect(ExerciseManifest.all.allSatisfy { ($0.yourOwn == nil) == $0.notUsing.isEmpty })
    }
}
