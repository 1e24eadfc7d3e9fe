"""PPO actor-critic: the value head's weights regathered for the value-loss computation."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Params(NamedTuple):
    torso: jax.Array
    value: jax.Array


def gather_stage(w, axes):
    return jax.lax.all_gather(w, axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(13)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(16, 1)).astype(np.float32)


def main(torso, value):
    mesh = jax.make_mesh((2, 2, 2), ("actor", "fsdp", "tensor"))
    specs = Params(P(None, "tensor"), P(("fsdp", "tensor"), None))
    params = jax.device_put(Params(torso, value), jax.tree.map(lambda s: NamedSharding(mesh, s), specs,
                                                               is_leaf=lambda s: isinstance(s, P)))

    def critic(p):
        w = gather_stage(p.value, "tensor")
        w = gather_stage(w, ("fsdp", "tensor"))
        return w

    return jax.shard_map(critic, mesh=mesh, in_specs=(specs,),
                         out_specs=P(None, None, reduced={"fsdp", "tensor"}))(params)


if __name__ == "__main__":
    print(main(*inputs()))
