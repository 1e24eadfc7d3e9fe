"""A linen-like Module base (fields as frozen dataclass fields) and a cross-replica BatchNorm."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Module:
    """Subclasses declare hyperparameters as annotated fields and implement `forward`."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(frozen=True)(cls)

    def __call__(self, variables, *args):
        return self.forward(variables, *args)

    def apply(self, variables, *args, method=None):
        fn = getattr(self, method) if method is not None else self.forward
        return fn(variables, *args)


class BatchNorm(Module):
    axis_name: str = None
    momentum: float = 0.9
    epsilon: float = 1e-5

    def _mean(self, x):
        m = x.mean(axis=0)
        return m if self.axis_name is None else jax.lax.pmean(m, self.axis_name)

    def _share(self, stat):
        return jax.lax.all_gather(stat, self.axis_name, to="reduced", tiled=True)

    def forward(self, variables, x):
        mean = self._mean(x)
        var = self._mean(jnp.square(x - mean))
        y = (x - mean) * jax.lax.rsqrt(var + self.epsilon)
        y = y * variables["params"]["scale"] + variables["params"]["bias"]
        running = variables["batch_stats"]["mean"]
        new_mean = self.momentum * running + (1.0 - self.momentum) * mean
        return y, {"mean": self._share(new_mean)}


def inputs():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    variables = {
        "params": {"scale": np.ones(8, np.float32), "bias": np.zeros(8, np.float32)},
        "batch_stats": {"mean": np.zeros(8, np.float32)},
    }
    return x, variables


def main(x, variables):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    feat = P("model")
    var_specs = {"params": {"scale": feat, "bias": feat}, "batch_stats": {"mean": feat}}
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    variables = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), variables, var_specs)
    bn = BatchNorm(axis_name="data", momentum=0.99)
    step = jax.shard_map(
        functools.partial(bn.apply, method="forward"),
        mesh=mesh,
        in_specs=(var_specs, P("data", "model")),
        out_specs=(P("data", "model"), {"mean": P("model", reduced={"data"})}),
    )
    return step(variables, x)


if __name__ == "__main__":
    main(*inputs())
