"""Speculative decoding with a tensor-parallel draft head: logits gathered reduced over tp,
then over the data axis only for the verifier's batch view."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DraftModel:
    data_axis = "dp"
    model_axis = "tp"

    def full_logits(self, h, w):
        return jax.lax.all_gather(h @ w, self.model_axis, axis=1, tiled=True, to="reduced")

    def verifier_view(self, logits):
        return jax.lax.all_gather(logits, self.data_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, h, w):
        return self.verifier_view(self.full_logits(h, w))


def inputs():
    h = np.linspace(-1, 1, 8 * 16, dtype=np.float32).reshape(8, 16)
    w = np.linspace(-0.5, 0.5, 16 * 32, dtype=np.float32).reshape(16, 32)
    return h, w


def main(h, w):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    h = jax.device_put(h, NamedSharding(mesh, P("dp", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "tp")))
    f = jax.shard_map(DraftModel(), mesh=mesh, in_specs=(P("dp", None), P(None, "tp")),
                      out_specs=P(None, None, reduced={"dp", "tp"}))
    return f(h, w)


if __name__ == "__main__":
    print(main(*inputs()))
