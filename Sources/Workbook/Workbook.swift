import Scenarios
