"""Per-run configs made by `copy.deepcopy` of a module-level default object (its nested rules
dict copied, so the run's change never reaches the default), fields checked against
`typing.get_type_hints(cls)` (a `ClassVar` among them) and a `Literal[...]`'s `__args__`. The run
keeps the default's `log_axis`, 'data': the psum result, invariant over 'data', is gathered to
reduced over 'data'."""
import copy
import typing

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class RunConfig:
    instances: typing.ClassVar[int] = 0
    mode: typing.Literal["train", "eval"] = "train"

    def __init__(self):
        self.rules = {"log_axis": "data", "sum_axis": "data"}


DEFAULT = RunConfig()


def for_run(mode, **changes):
    cfg = copy.deepcopy(DEFAULT)
    hint = typing.get_type_hints(RunConfig)["mode"]
    if mode not in hint.__args__:
        raise ValueError(mode)
    cfg.mode = mode
    cfg.rules.update(changes)
    return cfg


def main():
    for_run("eval", log_axis="model")  # (changes the copy only)
    cfg = for_run("train")
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(x):
        total = jax.lax.psum(x, cfg.rules["sum_axis"])
        return jax.lax.all_gather(total, DEFAULT.rules["log_axis"], axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()
