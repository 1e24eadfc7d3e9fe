import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
    dp: str = "dp"
    pp: str = "pp"
    steps: int = 3

    @property
    def reduce_axes(self):
        return (self.dp, self.pp)


def power_iteration(cfg: ParallelConfig):
    def body(a, v):
        def step(_, v):
            av = lax.all_gather(a @ v, cfg.dp, tiled=True)
            norm = jnp.sqrt(lax.psum(jnp.sum(av * av), cfg.reduce_axes))
            return av / norm
        return lax.fori_loop(0, cfg.steps, step, lax.pcast(v, cfg.dp, to="varying"))
    return body


def inputs():
    return np.eye(8, dtype=np.float32) * 2, np.ones((8,), np.float32)


def main(a, v):
    cfg = ParallelConfig()
    mesh = jax.make_mesh((2, 4), (cfg.dp, cfg.pp))
    a = jax.device_put(a, NamedSharding(mesh, P(cfg.dp)))
    v = jax.device_put(v, NamedSharding(mesh, P()))
    f = jax.shard_map(power_iteration(cfg), mesh=mesh, in_specs=(P(cfg.dp), P()),
                      out_specs=P(cfg.dp))
    return f(a, v)


if __name__ == "__main__":
    print(main(*inputs()))
