"""A padding-aware data collator that also publishes the batch's padding mask to every device."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DataCollatorWithPadding:
    def __init__(self, pad_token_id=0, batch_axes=("batch",), seq_axis="seq"):
        self.pad_token_id = pad_token_id
        self.batch_axes = batch_axes
        self.seq_axis = seq_axis

    def padding_mask(self, input_ids):
        return (input_ids != self.pad_token_id).astype(jnp.float32)

    def __call__(self, input_ids):
        mask = self.padding_mask(input_ids)
        rows = jax.lax.all_gather(mask, self.seq_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(rows, (*self.batch_axes, self.seq_axis), axis=0, tiled=True,
                                  to="reduced")


def inputs():
    rng = np.random.default_rng(51)
    ids = rng.integers(1, 1000, size=(8, 32)).astype(np.int32)
    lengths = rng.integers(4, 32, size=(8,))
    ids[np.arange(32)[None, :] >= lengths[:, None]] = 0
    return (ids,)


def main(input_ids):
    mesh = jax.make_mesh((2, 4), ("batch", "seq"))
    input_ids = jax.device_put(input_ids, NamedSharding(mesh, P("batch", "seq")))
    collator = DataCollatorWithPadding()
    fn = jax.shard_map(collator, mesh=mesh, in_specs=P("batch", "seq"),
                       out_specs=P(None, None, reduced={"batch", "seq"}))
    return fn(input_ids)


if __name__ == "__main__":
    main(*inputs())
