# Type stubs of the package gdlsc (doc/python.md): what an editor completes.
import os
from fractions import Fraction
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Union

from ._errors import Disagreement as Disagreement
from ._errors import Error as Error
from ._errors import InternalError as InternalError
from ._errors import InvalidInput as InvalidInput
from ._errors import LimitError as LimitError

DEFAULT_TIMEOUT: float
JointMove = Sequence[str]
History = Union[None, str, "State", Sequence[JointMove]]
Path = Union[str, os.PathLike]

def version() -> str: ...

class InformationSet(NamedTuple):
    developments: int
    states: List[List[str]]

class Solutions(NamedTuple):
    count: int
    histories: List[List[List[str]]]
    states: List[List[str]]
    text: str

class Regression(NamedTuple):
    formula: str
    size: int
    holds: bool
    answers: List[Dict[str, str]]

class Diagnostic:
    file: str
    line: int
    column: int
    severity: str
    message: str

class Proof:
    holds: bool
    undecided: bool
    verdict: str
    method: str
    whole_game: bool
    depth: int
    role: Optional[str]
    actual: List[List[str]]
    alternative: List[List[str]]
    actual_percepts: List[List[str]]
    alternative_percepts: List[List[str]]
    explanation: str
    text: str
    statistics: Dict[str, Any]
    @property
    def counterexample(self) -> Optional[Dict[str, Any]]: ...
    def __bool__(self) -> bool: ...

class Replay:
    clean: bool
    verdict: str
    exit_code: int
    deviation: Optional[Dict[str, Any]]
    checked: Dict[str, Union[int, bool]]
    record: str
    format: str
    game: str
    engine: str
    roles: List[str]
    steps: int
    joint_moves: int
    finished: bool
    knowledge_role: Optional[str]
    knowledge: List[Dict[str, int]]
    text: str
    report: Dict[str, Any]
    def __bool__(self) -> bool: ...

class State:
    game: "Game"
    @property
    def history(self) -> List[List[str]]: ...
    @property
    def history_text(self) -> str: ...
    @property
    def fluents(self) -> List[str]: ...
    @property
    def terminal(self) -> bool: ...
    def legal(self, role: str) -> List[str]: ...
    def percepts(self, role: str) -> List[str]: ...
    def percept_history(self, role: str) -> List[List[str]]: ...
    def goal(self, role: str) -> Union[int, str, None]: ...
    def step(self, joint: Union[JointMove, Dict[str, str]]) -> "State": ...
    def __len__(self) -> int: ...

class Game:
    @classmethod
    def load(cls, path: Path, strict: bool = ...) -> "Game": ...
    @classmethod
    def parse(cls, text: str, name: str = ..., strict: bool = ...) -> "Game": ...
    @staticmethod
    def check(path: Path, strict: bool = ...) -> List[Diagnostic]: ...
    @property
    def path(self) -> str: ...
    @property
    def roles(self) -> List[str]: ...
    @property
    def epistemic(self) -> bool: ...
    @property
    def predicate_classes(self) -> Dict[str, str]: ...
    @property
    def fluent_signatures(self) -> List[str]: ...
    def translate(self, format: str = ..., history: History = ..., horizon: Optional[int] = ...,
                  encoding: Optional[str] = ...) -> str: ...
    def initial(self) -> State: ...
    def state(self, history: History) -> State: ...
    def random_playout(self, seed: int = ..., max_steps: int = ...) -> State: ...
    def query(self, formula: str, history: History = ..., engine: str = ...,
              timeout: float = ...) -> List[Dict[str, str]]: ...
    def knows(self, role: str, formula: str, history: History = ..., engine: str = ...,
              timeout: float = ...) -> bool: ...
    def information_set(self, role: str, history: History = ..., timeout: float = ...) -> InformationSet: ...
    def belief(self, role: str, formula: str, history: History = ..., timeout: float = ...) -> Fraction: ...
    def regress(self, formula: str, history: History = ..., max_size: int = ...,
                timeout: float = ...) -> Regression: ...
    def prove(self, property: str, depth: Optional[int] = ..., engine: str = ..., timeout: float = ...,
              witness: Union[None, Path, Dict[str, Any]] = ...) -> Proof: ...
    def solve(self, formula: str, depth: int, limit: int = ..., timeout: float = ..., history: History = ...) -> Solutions: ...
    def simulate(self, playouts: Optional[int] = ..., seed: int = ..., max_steps: int = ...,
                 record: Optional[Path] = ..., record_format: Optional[str] = ...) -> Dict[str, Any]: ...
    def record(self, seed: int = ..., max_steps: int = ..., format: str = ...) -> str: ...
    def replay(self, record: Union[str, os.PathLike], role: Optional[str] = ..., engine: str = ...,
               timeout: float = ..., name: str = ...) -> Replay: ...
