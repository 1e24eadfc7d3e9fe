"""Pax-like SharedEmbeddingSoftmax: FSDP-sharded embedding used for logits, with a scale summary."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class WeightHParams:
    def __init__(self, shape, tensor_split_dims_mapping):
        self.shape = shape
        self.tensor_split_dims_mapping = tensor_split_dims_mapping


def fsdp_gather(w, split_dims):
    for dim, axis in enumerate(split_dims):
        if axis == "data":
            w = jax.lax.all_gather(w, axis, axis=dim, tiled=True, to="reduced")
    return w


class SharedEmbeddingSoftmax:
    def __init__(self, num_classes, input_dims, summary_axis="data"):
        self.emb_var = WeightHParams((num_classes, input_dims), ("mdl", "data"))
        self.summary_axis = summary_axis
        self.summaries = {}

    def add_summary(self, name, value, reduce_fn=jax.lax.pmax):
        self.summaries[name] = reduce_fn(value, self.summary_axis)

    def fprop(self, w, inputs):
        w_full = fsdp_gather(w, self.emb_var.tensor_split_dims_mapping)
        logits = inputs @ w_full.T
        self.add_summary("emb_abs_sum", jnp.sum(jnp.abs(w_full), axis=1))
        return logits, self.summaries


def inputs():
    rng = np.random.default_rng(14)
    w = rng.standard_normal((16, 8)).astype(np.float32)
    x = rng.standard_normal((8, 8)).astype(np.float32)
    return w, x


def main(w, x):
    mesh = jax.make_mesh((4, 2), ("data", "mdl"))
    layer = SharedEmbeddingSoftmax(16, 8)
    wspec = P(*layer.emb_var.tensor_split_dims_mapping)
    w = jax.device_put(w, NamedSharding(mesh, wspec))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    fn = jax.shard_map(layer.fprop, mesh=mesh, in_specs=(wspec, P("data", None)),
                       out_specs=(P("data", "mdl"), {"emb_abs_sum": P("mdl")}))
    return jax.jit(fn)(w, x)


if __name__ == "__main__":
    main(*inputs())
