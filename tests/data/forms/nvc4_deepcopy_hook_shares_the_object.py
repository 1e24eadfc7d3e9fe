"""A config whose `__deepcopy__` hands back the object itself (a shared registry): the eval run's
change of `log_axis` to 'model' reaches the default, so the body gathers over 'model', where the
psum result varies. Copied as a plain object, the default would keep 'data', which JAX rejects:
the analysis must not copy past the class's own `__deepcopy__`."""
import copy

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class RunConfig:
    def __init__(self):
        self.rules = {"log_axis": "data"}

    def __deepcopy__(self, memo):
        return self


DEFAULT = RunConfig()


def for_run(**changes):
    cfg = copy.deepcopy(DEFAULT)
    cfg.rules.update(changes)
    return cfg


def main():
    for_run(log_axis="model")
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(x):
        total = jax.lax.psum(x, "data")
        return jax.lax.all_gather(total, DEFAULT.rules["log_axis"], axis=0, tiled=True, to="reduced")  # none

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, None, reduced={"model"}))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", "model")))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()
