"""Pax-like BatchNorm with moments summed across replicas."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class BatchNorm:
    @dataclasses.dataclass(frozen=True)
    class HParams:
        dim: int = 0
        decay: float = 0.999
        use_moving_avg_in_training: bool = False
        cross_replica_axes: tuple = ()

    def __init__(self, hparams):
        self.hparams = hparams

    def _compute_moments(self, inputs, paddings):
        reduce_over_dims = tuple(range(inputs.ndim - 1))
        mask = 1.0 - paddings[..., None]
        sum_v = jnp.sum(inputs * mask, axis=reduce_over_dims)
        sum_vv = jnp.sum(inputs * inputs * mask, axis=reduce_over_dims)
        count_v = jnp.sum(mask * jnp.ones_like(inputs), axis=reduce_over_dims)
        moments = jnp.stack([sum_v, sum_vv, count_v])
        moments = jax.lax.psum(moments, axis_name=self.hparams.cross_replica_axes)
        sum_v, sum_vv, count_v = moments[0], moments[1], jnp.maximum(moments[2], 1.0)
        mean = sum_v / count_v
        return mean, sum_vv / count_v - mean * mean

    def fprop(self, inputs, paddings, moving_mean, moving_var):
        mean, var = self._compute_moments(inputs, paddings)
        d = self.hparams.decay
        new_mean = d * moving_mean + (1 - d) * mean
        new_var = d * moving_var + (1 - d) * var
        return (inputs - mean) * jax.lax.rsqrt(var + 1e-3), new_mean, new_var


def inputs():
    rng = np.random.default_rng(16)
    x = rng.standard_normal((8, 3, 6)).astype(np.float32)
    paddings = np.zeros((8, 3), np.float32)
    return x, paddings


def main(x, paddings):
    mesh = jax.make_mesh((4, 2), ("data", "mdl"))
    bn = BatchNorm(BatchNorm.HParams(dim=6, cross_replica_axes=mesh.axis_names))
    xs, ps = P("data", None, None), P("data", None)
    x = jax.device_put(x, NamedSharding(mesh, xs))
    paddings = jax.device_put(paddings, NamedSharding(mesh, ps))
    mm = jax.device_put(np.zeros(6, np.float32), NamedSharding(mesh, P(None)))
    mv = jax.device_put(np.ones(6, np.float32), NamedSharding(mesh, P(None)))
    fn = jax.shard_map(functools.partial(BatchNorm.fprop, bn), mesh=mesh,
                       in_specs=(xs, ps, P(None), P(None)), out_specs=(xs, P(None), P(None)))
    return jax.jit(fn)(x, paddings, mm, mv)


if __name__ == "__main__":
    main(*inputs())
