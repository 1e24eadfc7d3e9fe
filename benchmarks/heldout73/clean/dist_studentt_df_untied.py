"""Student-t output head: per-step degrees of freedom gathered over the forecast horizon."""
import jax
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


def gather_horizon(x, axis_name):
    return jax.lax.all_gather(x, axis_name, axis=1, tiled=True, to="reduced")


class StudentTOutput(DistributionOutput):
    args_dim = {"df": 1, "loc": 1, "scale": 1}

    def __init__(self, tie_df=True, **kwargs):
        super().__init__(**kwargs)
        self.tie_df = tie_df

    def domain_map(self, df, loc, scale):
        if self.tie_df:
            df = jax.lax.pmean(df.mean(axis=1, keepdims=True), self.horizon_axis)
        df = 2.0 + jax.nn.softplus(df)
        scale = jax.nn.softplus(scale) + 1e-6
        return df, loc, scale

    def full_horizon_args(self, projected):
        df, loc, scale = self.domain_map(**self.split_args(projected))
        return tuple(gather_horizon(a, self.horizon_axis) for a in (loc, scale, df))


def inputs():
    rng = np.random.default_rng(20)
    projected = rng.normal(size=(8, 16, 3)).astype(np.float32)
    target = rng.standard_t(5.0, size=(8, 16)).astype(np.float32)
    return projected, target


def main(projected, target):
    mesh = jax.make_mesh((2, 4), ("batch", "horizon"))
    spec3, spec2 = P("batch", "horizon", None), P("batch", "horizon")
    projected = jax.device_put(projected, NamedSharding(mesh, spec3))
    target = jax.device_put(target, NamedSharding(mesh, spec2))
    head = StudentTOutput(tie_df=False)
    out = P("batch", None, None, reduced={"horizon"})
    fn = jax.shard_map(head.full_horizon_args, mesh=mesh, in_specs=spec3, out_specs=(out, out, out))
    return fn(projected)


if __name__ == "__main__":
    print(main(*inputs()))
