"""Mean scaler with a batch-wide default scale for series that have no observations."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_scaler(spec):
    """'std:dim=time,minimum_scale=1e-5' -> ('std', {'dim': 'time', 'minimum_scale': 1e-05})"""
    name, _, rest = spec.partition(":")
    kwargs = {}
    for item in filter(None, rest.split(",")):
        key, value = item.split("=")
        if value in ("true", "false"):
            kwargs[key] = value == "true"
        elif "+" in value:
            kwargs[key] = tuple(value.split("+"))
        else:
            try:
                kwargs[key] = float(value)
            except ValueError:
                kwargs[key] = value
    return name, kwargs


class MeanScaler:
    def __init__(self, dim="time", series_axis="series", minimum_scale=1e-10, default_scale=None):
        self.dim = dim
        self.series_axis = series_axis
        self.minimum_scale = minimum_scale
        self.default_scale = default_scale

    def batch_default(self, scale):
        table = jax.lax.all_gather(scale, self.series_axis, axis=0, tiled=True, to="reduced")
        total = jax.lax.psum(table.sum(axis=0, keepdims=True), self.series_axis)
        return total

    def __call__(self, data, observed):
        ts_sum = jax.lax.psum(jnp.abs(data * observed).sum(axis=1, keepdims=True), self.dim)
        num_observed = jax.lax.psum(observed.sum(axis=1, keepdims=True), self.dim)
        scale = ts_sum / jnp.maximum(num_observed, 1.0)
        if self.default_scale is None:
            default = self.batch_default(scale) / (data.shape[0] * 2)
        else:
            default = jnp.full_like(scale, self.default_scale)
        scale = jnp.where(num_observed > 0, scale, default)
        scale = jnp.maximum(scale, self.minimum_scale)
        return data / scale, jnp.zeros_like(scale), scale


def inputs():
    rng = np.random.default_rng(32)
    data = (10.0 + rng.gamma(2.0, 2.0, size=(8, 16))).astype(np.float32)
    observed = (rng.uniform(size=(8, 16)) > 0.1).astype(np.float32)
    return data, observed


SCALER = "mean:dim=time,minimum_scale=1e-10"


def main(data, observed):
    mesh = jax.make_mesh((2, 4), ("series", "time"))
    spec = P("series", "time")
    data, observed = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (data, observed))
    name, kwargs = parse_scaler(SCALER)
    scaler = {"mean": MeanScaler}[name](**kwargs)
    fn = jax.shard_map(scaler, mesh=mesh, in_specs=(spec, spec),
                       out_specs=(spec, P("series", None), P("series", None)))
    return fn(data, observed)


if __name__ == "__main__":
    print(main(*inputs()))
