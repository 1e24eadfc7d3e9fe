"""Speculative decoding server loop: a jitted verify step returns the accepted tokens and
the target logits with explicit out_shardings; a host view of the logits is taken for
logging acceptance statistics."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {
    "tokens": P("dp"),
    "logits": P("dp", "tp"),
    "host": P("tp", None),
}


def build_verify(mesh):
    shardings = tuple(NamedSharding(mesh, LAYOUTS[k]) for k in ("tokens", "logits"))

    def verify(h, w):
        logits = h @ w
        return jnp.argmax(logits, axis=-1), logits

    return jax.jit(verify, out_shardings=shardings)


def host_view(x, spec=LAYOUTS["host"]):
    return top_level_all_gather(x, spec)


def inputs():
    h = np.linspace(-1, 1, 8 * 16, dtype=np.float32).reshape(8, 16)
    w = np.linspace(-0.5, 0.5, 16 * 32, dtype=np.float32).reshape(16, 32)
    return h, w


def main(h, w):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    verify = build_verify(mesh)
    with jax.set_mesh(mesh):
        tokens, logits = verify(h, w)
        view = host_view(logits)
        return tokens, view


if __name__ == "__main__":
    print(main(*inputs()))
