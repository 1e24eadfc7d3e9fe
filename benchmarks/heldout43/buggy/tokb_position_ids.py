"""Position ids for a right-padded batch, computed from the attention mask of the whole row."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TOKENIZER_CONFIG = {"pad_token_id": 0, "position_offset": 1, "axes": {"batch": "batch", "seq": "seq"}}


def position_ids(attention_mask, config=TOKENIZER_CONFIG):
    seq_axis = config["axes"]["seq"]
    row_mask = jax.lax.all_gather(attention_mask, seq_axis, axis=1, tiled=True, to="reduced")
    positions = row_mask * (jnp.arange(row_mask.shape[1]) + config["position_offset"])
    return positions


def inputs():
    rng = np.random.default_rng(55)
    lengths = rng.integers(4, 32, size=(8,))
    return ((np.arange(32)[None, :] < lengths[:, None]).astype(np.int32),)


def main(attention_mask):
    axes = TOKENIZER_CONFIG["axes"]
    mesh = jax.make_mesh((2, 4), (axes["batch"], axes["seq"]))
    attention_mask = jax.device_put(attention_mask, NamedSharding(mesh, P(axes["batch"], axes["seq"])))
    fn = jax.shard_map(position_ids, mesh=mesh, in_specs=P(axes["batch"], axes["seq"]),
                       out_specs=P(axes["batch"], None))
    return fn(attention_mask)


if __name__ == "__main__":
    main(*inputs())
