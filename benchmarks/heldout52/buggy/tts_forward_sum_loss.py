"""RAD-TTS forward-sum alignment loss, reduced over the whole mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ALIGN_AXES = ("utt", "mel")


def make_loss(mesh, text_spec, mel_spec, reduce_over=ALIGN_AXES):
    def forward_sum(text_len, attn):
        log_lik = jnp.log(attn + 1e-6).sum() * text_len.mean()
        return jax.lax.psum(log_lik, reduce_over)

    return jax.jit(jax.shard_map(forward_sum, mesh=mesh, in_specs=(text_spec, mel_spec),
                                 out_specs=P()))


def inputs():
    return np.full((8, 4), 12.0, np.float32), np.full((8, 4), 0.25, np.float32)


def main(text_len, attn):
    mesh = jax.make_mesh((2, 4), ALIGN_AXES)
    text_spec = P(ALIGN_AXES[0], None)
    mel_spec = P(ALIGN_AXES[0], None)
    text_len = jax.device_put(text_len, NamedSharding(mesh, text_spec))
    attn = jax.device_put(attn, NamedSharding(mesh, mel_spec))
    return make_loss(mesh, text_spec, mel_spec)(text_len, attn)


if __name__ == "__main__":
    main(*inputs())
