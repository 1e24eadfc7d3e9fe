"""Levanter-like RmsNorm module whose weight follows the parameter axis mapping."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

COMPUTE_MAPPING = {"batch": "data", "embed": None}
PARAMETER_MAPPING = {"batch": "data", "embed": None}


@dataclasses.dataclass(frozen=True)
class RmsNorm:
    axis: str = "embed"
    eps: float = 1e-6
    use_weight: bool = True

    @classmethod
    def init(cls, axis, eps=1e-5):
        return cls(axis=axis, eps=eps)

    def materialize_weight(self, weight):
        physical = PARAMETER_MAPPING[self.axis]
        if physical is None or COMPUTE_MAPPING[self.axis] == physical:
            return weight
        return jax.lax.all_gather(weight, physical, tiled=True, to="reduced")

    def __call__(self, x, weight):
        var = jnp.mean(jnp.square(x), axis=-1, keepdims=True)
        out = x * jax.lax.rsqrt(var + self.eps)
        if self.use_weight:
            out = out * self.materialize_weight(weight)
        return out


def inputs():
    rng = np.random.default_rng(23)
    return (rng.standard_normal((8, 16)).astype(np.float32),
            (1.0 + 0.1 * rng.standard_normal(16)).astype(np.float32))


def main(x, weight):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    norm = RmsNorm.init("embed")
    xspec = P(COMPUTE_MAPPING["batch"], COMPUTE_MAPPING["embed"])
    wspec = P(PARAMETER_MAPPING["embed"])
    x = jax.device_put(x, NamedSharding(mesh, xspec))
    weight = jax.device_put(weight, NamedSharding(mesh, wspec))
    fn = jax.shard_map(norm, mesh=mesh, in_specs=(xspec, wspec), out_specs=xspec)
    return jax.jit(fn)(x, weight)


if __name__ == "__main__":
    main(*inputs())
