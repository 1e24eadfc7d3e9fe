"""T2I-Adapter port: adapter features shared over the batch, summed into the unet residuals."""
import dataclasses
import functools
import inspect
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- configuration_utils.py ----

class FrozenDict(dict):
    """A config dict readable by attribute that nobody may change after __init__."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(f"config has no attribute {name!r}") from exc

    def __setitem__(self, key, value):
        raise TypeError(f"cannot set {key!r}: the config is frozen")


class ConfigMixin:
    config_name = "config.json"
    ignore_for_config = ()

    def register_to_config(self, **kwargs):
        internal = dict(getattr(self, "_internal_dict", {}))
        internal.update(kwargs)
        self._internal_dict = FrozenDict(internal)

    @property
    def config(self):
        return self._internal_dict

    @classmethod
    def from_config(cls, config, **kwargs):
        accepted = inspect.signature(cls.__init__).parameters
        merged = {**dict(config), **kwargs}
        return cls(**{k: v for k, v in merged.items() if k in accepted})

    def save_config(self):
        return json.dumps(dict(self.config), sort_keys=True)


def register_to_config(init):
    @functools.wraps(init)
    def inner(self, *args, **kwargs):
        bound = inspect.signature(init).bind(self, *args, **kwargs)
        bound.apply_defaults()
        kept = {k: v for k, v in bound.arguments.items()
                if k != "self" and k not in self.ignore_for_config}
        self.register_to_config(**kept)
        init(self, *args, **kwargs)

    return inner

# ---- parallel_utils.py (pasted from diffusers_jax/utils/parallel_utils.py) ----

def create_mesh(shape, axis_names):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def shard(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def spec_from_layout(layout, reduced=()):
    """`"data,model"` -> P('data', 'model'); `-` marks an unsharded dimension."""
    dims = [None if part == "-" else part for part in layout.split(",")]
    return P(*dims, reduced=set(reduced))


REDUCTIONS = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax}


def sync(x, reduction, axis_name):
    return REDUCTIONS[reduction](x, axis_name)


def gather_reduced(x, axis_name, axis=0):
    return jax.lax.all_gather(x, axis_name, axis=axis, tiled=True, to="reduced")

# ---- t2i_adapter.py ----

class T2IAdapter(ConfigMixin):
    @register_to_config
    def __init__(self, in_channels=3, channels=(16, 16), num_res_blocks=1, downscale_factor=8,
                 share_features_over="data"):
        pass

    def __call__(self, x):
        features = [jnp.tanh(x * (i + 1)) for i in range(len(self.config.channels))]
        return [gather_reduced(f, self.config.share_features_over) for f in features]


class MultiAdapter:
    def __init__(self, adapters):
        self.adapters = adapters

    def __call__(self, xs, adapter_weights):
        accume_state = None
        for x, w, adapter in zip(xs, adapter_weights, self.adapters):
            features = adapter(x)
            if accume_state is None:
                accume_state = features
            else:
                accume_state = [a + f for a, f in zip(accume_state, features)]
        return accume_state


def inputs():
    rng = np.random.default_rng(53)
    return rng.standard_normal((8, 16), dtype=np.float32), rng.standard_normal((8, 16), dtype=np.float32)


def main(sample, image):
    mesh = create_mesh((2, 4), ("data", "model"))
    adapter = MultiAdapter([T2IAdapter(), T2IAdapter.from_config({"channels": [16, 16]})])
    sample, image = shard(sample, mesh, P("data", "model")), shard(image, mesh, P("data", "model"))

    def run(sample, image):
        down_block_additional_residuals = adapter([image, jnp.flip(image, axis=1)], adapter_weights=[1.0, 1.0])
        pooled = [jax.lax.psum(r.sum(axis=0), "data") for r in down_block_additional_residuals]
        return sample + sum(pooled)

    return jax.shard_map(run, mesh=mesh, in_specs=(P("data", "model"), P("data", "model")),
                         out_specs=P("data", "model"))(sample, image)


if __name__ == "__main__":
    main(*inputs())
