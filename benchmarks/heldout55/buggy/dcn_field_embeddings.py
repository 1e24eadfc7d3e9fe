"""DeepFM: field embeddings assembled for the FM component from field- and batch-sharded lookups."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class FieldLayout:
    def __init__(self, mesh):
        self.batch, self.field = mesh.axis_names
        self.everything = (self.batch, self.field)


class DeepFM:
    def __init__(self, layout):
        self.layout = layout

    def fields(self, emb):
        return jax.lax.all_gather(emb, self.layout.field, axis=1, tiled=True, to="reduced")

    def fm_input(self, emb):
        per_example = self.fields(emb)
        return jax.lax.all_gather(per_example, axis_name=self.layout.everything, axis=0, tiled=True,
                                  to="reduced")


def inputs():
    return (np.random.default_rng(31).normal(size=(8, 8, 4)).astype(np.float32),)


def main(emb):
    mesh = jax.make_mesh((2, 4), ("data", "feature"))
    model = DeepFM(FieldLayout(mesh))
    emb = jax.device_put(emb, NamedSharding(mesh, P("data", "feature", None)))
    f = jax.shard_map(model.fm_input, mesh=mesh, in_specs=P("data", "feature", None),
                      out_specs=P(None, None, None, reduced={"data", "feature"}))
    return f(emb)


if __name__ == "__main__":
    main(*inputs())
