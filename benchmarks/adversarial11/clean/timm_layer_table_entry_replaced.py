"""A timm-like norm layer table gets its "layernorm" entry replaced before the model is made."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class AllNorm:
    axes = ("i", "j")

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


class RowNorm(AllNorm):
    axes = ("i",)


_NORM_LAYERS = {"layernorm": AllNorm}


def get_norm_layer(name):
    if callable(name):
        return name
    return _NORM_LAYERS[name]


def set_layer_config(rows_only=False):
    if rows_only:
        _NORM_LAYERS["layernorm"] = RowNorm


def main(mesh, x):
    set_layer_config(rows_only=True)
    norm = get_norm_layer("layernorm")()
    return jax.shard_map(norm, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
