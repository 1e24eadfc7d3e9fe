"""Log-mel filterbank frontend with an energy-based voice activity table."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FRONTEND_CONF = {
    "name": "fbank",
    "n_mels": 16,
    "mesh": {"shape": (2, 4), "axes": ("batch", "freq")},
}

FRONTENDS = {}


def register_frontend(name):
    def wrap(cls):
        FRONTENDS[name] = cls
        return cls
    return wrap


@register_frontend("fbank")
class LogMelFbank:
    def __init__(self, n_mels, mesh, vad_axis=None):
        self.n_mels = n_mels
        self.batch_axis, self.freq_axis = mesh.axis_names
        self.vad_axis = vad_axis or self.freq_axis

    def frame_energy(self, power):
        return jax.lax.psum(power.sum(axis=-1, keepdims=True), self.freq_axis)

    def vad_table(self, energy):
        return jax.lax.all_gather(energy, self.vad_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, power):
        energy = self.frame_energy(power)
        return jnp.log(power + 1e-6), self.vad_table(energy)


def build_frontend(conf, mesh):
    conf = dict(conf)
    cls = FRONTENDS[conf.pop("name")]
    conf.pop("mesh")
    return cls(mesh=mesh, **conf)


def inputs():
    rng = np.random.default_rng(10)
    return (np.abs(rng.standard_normal((8, 16))).astype(np.float32),)


def main(power):
    mesh = jax.make_mesh(FRONTEND_CONF["mesh"]["shape"], FRONTEND_CONF["mesh"]["axes"])
    batch, freq = mesh.axis_names
    power = jax.device_put(power, NamedSharding(mesh, P(batch, freq)))
    frontend = build_frontend(FRONTEND_CONF, mesh)
    return jax.shard_map(frontend, mesh=mesh, in_specs=P(batch, freq),
                         out_specs=(P(batch, freq), P(batch, None, reduced={freq})))(power)


if __name__ == "__main__":
    print(main(*inputs()))
