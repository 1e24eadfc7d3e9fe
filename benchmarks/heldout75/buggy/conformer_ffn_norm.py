"""Macaron feed-forward module with weight standardisation of the gathered kernel."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ENCODER_CONF = {"linear_units": 16, "macaron_style": True, "ffn_scale": 0.5, "fsdp_axis": "dp"}


class MacaronFFN:
    def __init__(self, linear_units, macaron_style, ffn_scale, fsdp_axis):
        self.scale = ffn_scale if macaron_style else 1.0
        self.fsdp_axis = fsdp_axis

    def unshard(self, w):
        return jax.lax.all_gather(w, self.fsdp_axis, axis=0, tiled=True, to="reduced")

    def kernel_norm(self, w_full):
        energy = jnp.sum(w_full * w_full)
        return jax.lax.psum(energy, self.fsdp_axis)

    def __call__(self, x, w):
        w_full = self.unshard(w)
        norm = jnp.sqrt(self.kernel_norm(w_full))
        return x + self.scale * jax.nn.relu(x) / norm


def inputs():
    rng = np.random.default_rng(22)
    return rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((8, 16)).astype(np.float32)


def main(x, w):
    mesh = jax.make_mesh((4, 2), ("dp", "tp"))
    sharding = NamedSharding(mesh, P("dp", "tp"))
    x, w = jax.device_put(x, sharding), jax.device_put(w, sharding)
    ffn = MacaronFFN(**ENCODER_CONF)
    return jax.shard_map(ffn, mesh=mesh, in_specs=(P("dp", "tp"), P("dp", "tp")), out_specs=P("dp", "tp"))(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
