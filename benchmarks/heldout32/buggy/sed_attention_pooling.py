"""Sound event detection: attention-pooled clip scores collected for the whole eval batch."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EXPERIMENT = {
    "name": "sed-dcase-attn",
    "model": {"pooling": "attention"},
    "parallel": {"clip_axis": "clips", "class_axis": "classes"},
}


def attention_pool(frame_logits):
    weights = jax.nn.softmax(frame_logits, axis=0)
    return jnp.sum(weights * jax.nn.sigmoid(frame_logits), axis=0, keepdims=True)


def collect_scores(frame_logits, parallel=EXPERIMENT["parallel"]):
    clip = attention_pool(frame_logits)
    per_clip = jax.lax.all_gather(clip, parallel["class_axis"], axis=1, tiled=True, to="reduced")
    axes = (parallel["clip_axis"], parallel["class_axis"])
    return jax.lax.all_gather(per_clip, axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(61)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(frame_logits):
    par = EXPERIMENT["parallel"]
    mesh = jax.make_mesh((2, 4), (par["clip_axis"], par["class_axis"]))
    spec = P(par["clip_axis"], par["class_axis"])
    frame_logits = jax.device_put(frame_logits, NamedSharding(mesh, spec))
    return jax.shard_map(collect_scores, mesh=mesh, in_specs=spec,
                         out_specs=P(None, None, reduced={"clips", "classes"}))(frame_logits)


if __name__ == "__main__":
    print(main(*inputs()).shape)
