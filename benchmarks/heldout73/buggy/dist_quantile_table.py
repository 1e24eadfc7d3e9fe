"""Quantile output head: monotone quantile forecasts assembled into one forecast table."""
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


class QuantileOutput(DistributionOutput):
    TABLE_AXES = ("batch", "horizon")

    def __init__(self, quantiles, **kwargs):
        super().__init__(**kwargs)
        self.quantiles = tuple(quantiles)
        self.args_dim = {f"q{q}": 1 for q in self.quantiles}

    def domain_map(self, projected):
        increments = jax.nn.softplus(projected[..., 1:])
        return jnp.concatenate([projected[..., :1], projected[..., :1] + jnp.cumsum(increments, -1)], -1)

    def horizon_quantiles(self, projected):
        q = self.domain_map(projected)
        return jax.lax.all_gather(q, self.horizon_axis, axis=1, tiled=True, to="reduced")

    def forecast_table(self, projected):
        full = self.horizon_quantiles(projected)
        return jax.lax.all_gather(full, self.TABLE_AXES, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(21)
    projected = rng.normal(size=(8, 16, 3)).astype(np.float32)
    target = rng.standard_t(5.0, size=(8, 16)).astype(np.float32)
    return projected, target


def main(projected, target):
    mesh = jax.make_mesh((2, 4), ("batch", "horizon"))
    spec3, spec2 = P("batch", "horizon", None), P("batch", "horizon")
    projected = jax.device_put(projected, NamedSharding(mesh, spec3))
    target = jax.device_put(target, NamedSharding(mesh, spec2))
    head = QuantileOutput([0.1, 0.5, 0.9])
    fn = jax.shard_map(head.forecast_table, mesh=mesh, in_specs=spec3,
                       out_specs=P(None, None, None, reduced=set(QuantileOutput.TABLE_AXES)))
    return fn(projected)


if __name__ == "__main__":
    print(main(*inputs()))
