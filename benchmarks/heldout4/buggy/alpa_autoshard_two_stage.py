"""An alpa/easydel-like auto-sharding helper library: a planner picks, per parameter, the axes
its rows are split over, and `materialize` gathers a parameter back in the planned order."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class ShardingPlan:
    stages: tuple          # axes gathered one after the other
    tiled: bool = True

    def spec(self):
        return P(self.stages[0], self.stages[1])


def auto_plan(mesh, shape):
    names = sorted(mesh.axis_names, key=lambda a: -mesh.shape[a])
    return ShardingPlan(stages=tuple(names))


def _gather(x, axes, tiled):
    return jax.lax.all_gather(x, axes, axis=0, tiled=tiled, to="reduced")


def materialize(x, plan: ShardingPlan):
    first = _gather(x, plan.stages[0], plan.tiled)
    return _gather(first, plan.stages, plan.tiled)


def inputs():
    return (np.arange(16 * 8, dtype=np.float32).reshape(16, 8),)


def main(w):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tp"))
    plan = auto_plan(mesh, w.shape)
    w = jax.device_put(w, NamedSharding(mesh, plan.spec()))
    run = jax.shard_map(functools.partial(materialize, plan=plan), mesh=mesh,
                        in_specs=plan.spec(), out_specs=P(None, None, reduced=set(plan.stages)))
    return run(w)


if __name__ == "__main__":
    print(main(*inputs()))
