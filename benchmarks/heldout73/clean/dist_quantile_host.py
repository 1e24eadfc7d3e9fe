"""Quantile forecasts written out per series after the head ran under jit, horizon gathered."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class QuantileForecast:
    def __init__(self, values, quantiles, batch_axis="batch", horizon_axis="horizon"):
        self.values = values
        self.quantiles = quantiles
        self.batch_axis = batch_axis
        self.horizon_axis = horizon_axis

    def device_spec(self):
        return P(self.batch_axis, self.horizon_axis, None)

    def host_spec(self):
        return P(self.batch_axis, None, None, reduced={self.horizon_axis})

    def to_host(self):
        return top_level_all_gather(self.values, self.host_spec())


def quantile_head(projected, quantiles):
    base = projected[..., :1]
    steps = jax.nn.softplus(projected[..., 1:])
    return jnp.concatenate([base, base + jnp.cumsum(steps, axis=-1)], axis=-1)


def inputs():
    rng = np.random.default_rng(23)
    projected = rng.normal(size=(8, 16, 3)).astype(np.float32)
    target = rng.standard_t(5.0, size=(8, 16)).astype(np.float32)
    return projected, target


def main(projected, target):
    mesh = jax.make_mesh((2, 4), ("batch", "horizon"))
    quantiles = (0.1, 0.5, 0.9)
    layout = NamedSharding(mesh, QuantileForecast(None, quantiles).device_spec())
    head = jax.jit(quantile_head, static_argnums=1, out_shardings=layout)
    with jax.set_mesh(mesh):
        forecast = QuantileForecast(head(jax.device_put(projected, layout), quantiles), quantiles)
        return forecast.to_host()


if __name__ == "__main__":
    print(main(*inputs()))
