"""A vocab-parallel embedding layer whose table can be snapshotted for a debugger view."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Layer:
    def __init__(self, name=None, dtype="float32"):
        self.name = name or type(self).__name__.lower()
        self.dtype = dtype
        self.built = False

    def build(self, input_shape):
        self.built = True

    def __call__(self, *args):
        if not self.built:
            self.build(args[0].shape)
        return self.call(*args)

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class ShardedEmbedding(Layer):
    def __init__(self, output_dim, feature_axis="model", snapshot_axes=("batch", "model"), **kwargs):
        super().__init__(**kwargs)
        self.output_dim = output_dim
        self.feature_axis = feature_axis
        self.snapshot_axes = tuple(snapshot_axes)

    def call(self, embeddings, token_ids):
        rows = jax.lax.all_gather(embeddings, self.feature_axis, axis=1, tiled=True, to="reduced")
        vectors = jnp.take(rows, token_ids, axis=0)
        return vectors, self.snapshot(rows)

    def snapshot(self, table):
        return jax.lax.all_gather(table, self.snapshot_axes, axis=0, tiled=True, to="reduced")

    def get_config(self):
        config = super().get_config()
        config.update({
            "output_dim": self.output_dim,
            "feature_axis": self.feature_axis,
            "snapshot_axes": list(self.snapshot_axes),
        })
        return config


def inputs():
    table = np.arange(8 * 16, dtype=np.float32).reshape(8, 16) / 100.0
    ids = np.array([[0, 1, 3], [2, 0, 1]], dtype=np.int32)
    return table, ids


def main(table, ids):
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    config = ShardedEmbedding(output_dim=16, name="token_embedding").get_config()
    layer = ShardedEmbedding.from_config(config)
    table = jax.device_put(table, NamedSharding(mesh, P("batch", "model")))
    ids = jax.device_put(ids, NamedSharding(mesh, P("batch", None)))
    forward = jax.shard_map(
        layer, mesh=mesh,
        in_specs=(P("batch", "model"), P("batch", None)),
        out_specs=(P("batch", None, None), P(None, None, reduced={"batch", "model"})),
    )
    vectors, snapshot = forward(table, ids)
    return vectors


if __name__ == "__main__":
    print(main(*inputs()))
