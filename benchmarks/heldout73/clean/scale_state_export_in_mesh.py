"""Std scaler fit on the training range, scaled series exported for the feature store under the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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


class Scaler:
    def __init__(self, dim="time", keepdim=True, minimum_scale=1e-5):
        self.dim = dim
        self.keepdim = keepdim
        self.minimum_scale = minimum_scale

    def __call__(self, data, observed):
        raise NotImplementedError


class StdScaler(Scaler):
    def statistics(self, data, observed):
        count = jax.lax.psum(observed.sum(axis=1, keepdims=True), self.dim)
        count = jnp.maximum(count, 1.0)
        loc = jax.lax.psum((data * observed).sum(axis=1, keepdims=True), self.dim) / count
        variance = jax.lax.psum((((data - loc) * observed) ** 2).sum(axis=1, keepdims=True), self.dim) / count
        return loc, variance

    def __call__(self, data, observed):
        loc, variance = self.statistics(data, observed)
        scale = jnp.sqrt(variance + self.minimum_scale)
        return (data - loc) / scale, loc, scale


class NOPScaler(Scaler):
    def __call__(self, data, observed):
        ones = jnp.ones(data.shape[:1] + (1,), data.dtype)
        return data, jnp.zeros_like(ones), ones


SCALERS = {"std": StdScaler, "nop": NOPScaler}


def get_scaler(spec):
    name, kwargs = parse_scaler(spec)
    return SCALERS[name](**kwargs)


def export_scaler_state(scaled):
    """Scaled series for the offline feature store: one row block per series shard."""
    return top_level_all_gather(scaled, P("series", None, reduced={"time"}))


def fit_transform(mesh, data, observed):
    scaler = StdScaler(dim="time")
    spec = P("series", "time")
    fn = jax.shard_map(lambda d, o: scaler(d, o)[0], mesh=mesh, in_specs=(spec, spec), out_specs=spec)
    return fn(data, observed)


def inputs():
    rng = np.random.default_rng(33)
    data = (10.0 + rng.gamma(2.0, 2.0, size=(8, 16))).astype(np.float32)
    observed = (rng.uniform(size=(8, 16)) > 0.1).astype(np.float32)
    return data, observed


def main(data, observed):
    mesh = jax.make_mesh((2, 4), ("series", "time"))
    spec = P("series", "time")
    data, observed = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (data, observed))
    with jax.set_mesh(mesh):
        scaled = fit_transform(mesh, data, observed)
        return export_scaler_state(scaled)


if __name__ == "__main__":
    print(main(*inputs()))
