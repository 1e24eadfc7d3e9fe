"""An alpa/easydel-like helper library: `materialize` gathers a parameter in two planned stages,
casting the first stage's axis back to varying before the tuple gather."""
import functools
from dataclasses import dataclass

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class ShardingPlan:
    stages: tuple

    def spec(self):
        return P(*self.stages)


def materialize(x, plan: ShardingPlan):
    first = jax.lax.all_gather(x, plan.stages[0], axis=0, tiled=True, to="reduced")
    first = jax.lax.pcast(first, plan.stages[0], to="varying")
    return jax.lax.all_gather(first, plan.stages, axis=1, tiled=True, to="reduced")


def inputs():
    return (np.arange(16 * 8, dtype=np.float32).reshape(16, 8),)


def main(w):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tp"))
    plan = ShardingPlan(stages=("fsdp", "tp"))
    w = jax.device_put(w, NamedSharding(mesh, plan.spec()))
    run = jax.shard_map(functools.partial(materialize, plan=plan), mesh=mesh,
                        in_specs=plan.spec(), out_specs=P(None, None, reduced={"fsdp", "tp"}))
    return run(w)


if __name__ == "__main__":
    print(main(*inputs()))
