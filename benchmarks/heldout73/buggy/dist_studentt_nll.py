"""Student-t output head: negative log-likelihood reduced with the configured reduction."""
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DistributionOutput:
    args_dim: dict = {}

    def __init__(self, batch_axis="batch", horizon_axis="horizon"):
        self.batch_axis = batch_axis
        self.horizon_axis = horizon_axis

    def split_args(self, projected):
        out, start = {}, 0
        for name, dim in self.args_dim.items():
            out[name] = projected[..., start:start + dim]
            start += dim
        return out


class StudentT:
    def __init__(self, df, loc, scale):
        self.df, self.loc, self.scale = df, loc, scale

    def log_prob(self, x):
        z = (x - self.loc) / self.scale
        half = 0.5 * (self.df + 1.0)
        return (jax.scipy.special.gammaln(half) - jax.scipy.special.gammaln(0.5 * self.df)
                - 0.5 * jnp.log(self.df * math.pi) - jnp.log(self.scale)
                - half * jnp.log1p(z ** 2 / self.df))


REDUCTIONS = {"mean": jax.lax.pmean, "sum": jax.lax.psum}


class DistributionLoss:
    def __init__(self, output, reduction="mean", axes=("batch", "horizon")):
        self.output = output
        self.reduce = REDUCTIONS[reduction]
        self.axes = axes

    def __call__(self, projected, target):
        args = self.output.split_args(projected)
        dist = StudentT(2.0 + jax.nn.softplus(args["df"][..., 0]), args["loc"][..., 0],
                        jax.nn.softplus(args["scale"][..., 0]) + 1e-3)
        per_series = jax.lax.psum(-dist.log_prob(target).sum(axis=1), self.output.horizon_axis)
        return self.reduce(per_series.mean(), self.axes)


class StudentTOutput(DistributionOutput):
    args_dim = {"df": 1, "loc": 1, "scale": 1}


def inputs():
    rng = np.random.default_rng(24)
    projected = rng.normal(size=(8, 16, 3)).astype(np.float32)
    target = rng.standard_t(5.0, size=(8, 16)).astype(np.float32)
    return projected, target


def main(projected, target):
    mesh = jax.make_mesh((2, 4), ("batch", "horizon"))
    spec3, spec2 = P("batch", "horizon", None), P("batch", "horizon")
    projected = jax.device_put(projected, NamedSharding(mesh, spec3))
    target = jax.device_put(target, NamedSharding(mesh, spec2))
    loss = DistributionLoss(StudentTOutput(), reduction="mean")
    fn = jax.shard_map(loss, mesh=mesh, in_specs=(spec3, spec2), out_specs=P())
    return fn(projected, target)


if __name__ == "__main__":
    print(main(*inputs()))
