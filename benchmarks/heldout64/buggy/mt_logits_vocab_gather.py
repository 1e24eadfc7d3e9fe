"""MaxText-like decoder head: logits for eval-time top-k, vocab-sharded output projection."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOGICAL_AXIS_RULES = (
    ("activation_batch", ("data",)),
    ("activation_length", ()),
    ("activation_embed", ()),
    ("activation_vocab", ("tensor",)),
    ("embed", ()),
    ("vocab", ("tensor",)),
)


@dataclasses.dataclass(frozen=True)
class DecoderConfig:
    emb_dim: int = 8
    vocab_size: int = 16
    logits_via_embedding: bool = False
    mesh_axes: tuple = ("data", "tensor")
    ici_parallelism: tuple = (2, 4)
    logical_axis_rules: tuple = LOGICAL_AXIS_RULES


def logical_spec(config, *names):
    rules = dict(config.logical_axis_rules)
    dims = []
    for name in names:
        axes = rules[name]
        dims.append(None if not axes else axes[0] if len(axes) == 1 else axes)
    return P(*dims)


class Decoder:
    def __init__(self, config):
        self.config = config
        self.rules = dict(config.logical_axis_rules)

    def apply_output_head(self, kernel, y):
        return jnp.einsum("ble,ev->blv", y, kernel)

    def gather_vocab(self, logits):
        vocab_axis, = self.rules["activation_vocab"]
        return jax.lax.all_gather(logits, vocab_axis, axis=2, tiled=True, to="reduced")

    def unshard_for_eval(self, logits):
        axes = tuple(ax for name in ("activation_batch", "activation_vocab") for ax in self.rules[name])
        return jax.lax.all_gather(logits, axes, axis=0, tiled=True, to="reduced")

    def __call__(self, kernel, y):
        logits = self.apply_output_head(kernel, y)
        full_vocab = self.gather_vocab(logits)
        top = jnp.argmax(full_vocab, axis=-1)
        return top, self.unshard_for_eval(full_vocab)


def inputs():
    rng = np.random.default_rng(1)
    cfg = DecoderConfig()
    y = rng.standard_normal((8, 4, cfg.emb_dim)).astype(np.float32)
    kernel = rng.standard_normal((cfg.emb_dim, cfg.vocab_size)).astype(np.float32)
    return cfg, kernel, y


def main(cfg, kernel, y):
    mesh = jax.make_mesh(cfg.ici_parallelism, cfg.mesh_axes)
    act = logical_spec(cfg, "activation_batch", "activation_length", "activation_embed")
    kspec = logical_spec(cfg, "embed", "vocab")
    kernel = jax.device_put(kernel, NamedSharding(mesh, kspec))
    y = jax.device_put(y, NamedSharding(mesh, act))
    decoder = Decoder(cfg)
    fn = jax.shard_map(decoder, mesh=mesh, in_specs=(kspec, act),
                       out_specs=(P("data", None), P(reduced={"data", "tensor"})))
    return jax.jit(fn)(kernel, y)


if __name__ == "__main__":
    main(*inputs())
