// The Countdown check, bound to the exercise's own types.
//
// Compiled twice: here, against the stub, so that a binding that does not fit the
// exercise's API is a build error on its line; and into each grading program, against
// the learner's file (see `ExerciseCompiler`).

import Backpressure
import CombineSchedulers
import ExerciseChecks
import Foundation
import OpenCombineShim
#if WORKBOOK_GRADING
@testable import ExerciseStubs // the learner's file, compiled under this name
#else
import ExerciseStubs
#endif

enum CountdownBinding {
    static func check() -> ExerciseChecks::ExerciseCheck {
        ExerciseChecks::CountdownCheck.check(countdown: { Publishers.Countdown(from: $0) })
    }
}
