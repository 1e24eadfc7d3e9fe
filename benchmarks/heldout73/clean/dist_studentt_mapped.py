"""Student-t output head: arguments mapped to their domain, then gathered over the horizon."""
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


class StudentTOutput(DistributionOutput):
    args_dim = {"df": 1, "loc": 1, "scale": 1}
    minimum_scale = 1e-6

    def domain_map(self, df, loc, scale):
        return 2.0 + jax.nn.softplus(df), loc, jax.nn.softplus(scale) + self.minimum_scale

    def decoder_state(self, args):
        return [jax.lax.all_gather(a, self.horizon_axis, axis=1, tiled=True, to="reduced") for a in args]

    def log_likelihood(self, projected, target):
        args = self.domain_map(**self.split_args(projected))
        df, loc, scale = self.decoder_state(args)
        index = jax.lax.axis_index(self.horizon_axis)
        width = target.shape[1]
        pick = lambda a: jax.lax.dynamic_slice_in_dim(a[..., 0], index * width, width, axis=1)
        return StudentT(pick(df), pick(loc), pick(scale)).log_prob(target)


def inputs():
    rng = np.random.default_rng(25)
    projected = rng.normal(size=(8, 16, 3)).astype(np.float32)
    target = rng.standard_t(5.0, size=(8, 16)).astype(np.float32)
    return projected, target


def main(projected, target):
    mesh = jax.make_mesh((2, 4), ("batch", "horizon"))
    spec3, spec2 = P("batch", "horizon", None), P("batch", "horizon")
    projected = jax.device_put(projected, NamedSharding(mesh, spec3))
    target = jax.device_put(target, NamedSharding(mesh, spec2))
    head = StudentTOutput()
    fn = jax.shard_map(head.log_likelihood, mesh=mesh, in_specs=(spec3, spec2), out_specs=spec2)
    return fn(projected, target)


if __name__ == "__main__":
    print(main(*inputs()))
