"""Actor-learner split: actor unrolls chunked over time, assembled into one learner batch."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = {"actors": "actor", "time": "param", "gather": ("actor", "param")}


def assemble(chunk, axes=LAYOUT["gather"], time_axis=LAYOUT["time"]):
    unroll = jax.lax.all_gather(chunk, time_axis, axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(unroll, axes, tiled=True, to="reduced")


class Assembler:
    def __init__(self, mesh):
        spec = P(LAYOUT["actors"], LAYOUT["time"])
        self.fn = jax.jit(jax.shard_map(assemble, mesh=mesh, in_specs=spec,
                                        out_specs=P(None, None, reduced=set(LAYOUT["gather"]))))

    def __call__(self, chunks):
        return [self.fn(c) for c in chunks]


def inputs():
    rng = np.random.default_rng(17)
    return ([rng.normal(size=(4, 8)).astype(np.float32) for _ in range(2)],)


def main(chunks):
    mesh = jax.make_mesh((2, 4), (LAYOUT["actors"], LAYOUT["time"]))
    sharding = NamedSharding(mesh, P(LAYOUT["actors"], LAYOUT["time"]))
    chunks = [jax.device_put(c, sharding) for c in chunks]
    return Assembler(mesh)(chunks)


if __name__ == "__main__":
    main(*inputs())
