"""An encoder whose final norm is an optional submodule (`self.after_norm = Norm() if
normalize_before else None`), called after `if self.after_norm is not None:`. Comparing the
object with None calls none of its code, so the norm's `__call__` runs only where the encoder
calls it: on the gathered hidden states, reduced over "j"."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

ENCODER_CONF = dict(normalize_before=True, hidden_axis="j")


class Norm:
    def __call__(self, h):
        return h - h.mean(axis=-1, keepdims=True)  # SF106


class Encoder:
    def __init__(self, normalize_before, hidden_axis):
        self.hidden_axis = hidden_axis
        self.after_norm = Norm() if normalize_before else None

    def __call__(self, h):
        h = jax.lax.all_gather(jnp.tanh(h), self.hidden_axis, axis=1, tiled=True, to="reduced")
        if self.after_norm is not None:
            h = self.after_norm(h)
        return h


def main(mesh, x):
    encoder = Encoder(**ENCODER_CONF)
    return jax.shard_map(encoder, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
