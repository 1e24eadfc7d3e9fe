"""Per-clip noise statistics of a video diffusion batch, logged as a table over frame shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class VideoPipeline:
    AXES = {"clip": "clips", "frame": "frames"}

    def __init__(self, mesh):
        self.mesh = mesh

    @classmethod
    def from_config(cls, config):
        mesh = jax.make_mesh(tuple(config["mesh_shape"]), (cls.AXES["clip"], cls.AXES["frame"]))
        return cls(mesh)

    def noise_power(self, latents):
        frame_axis = self.AXES["frame"]
        power = jax.lax.psum(jnp.sum(latents ** 2, axis=(1, 2)), frame_axis)
        return jax.lax.all_gather(power, frame_axis, to="reduced")

    def run(self, latents):
        spec = P(self.AXES["clip"], self.AXES["frame"], None)
        latents = jax.device_put(latents, NamedSharding(self.mesh, spec))
        out = P(None, self.AXES["clip"], reduced={self.AXES["frame"]})
        return jax.shard_map(self.noise_power, mesh=self.mesh, in_specs=spec, out_specs=out)(latents)


def inputs():
    rng = np.random.default_rng(16)
    return (rng.normal(size=(4, 16, 32)).astype(np.float32),)


def main(latents):
    return VideoPipeline.from_config({"mesh_shape": [2, 4]}).run(latents)


if __name__ == "__main__":
    print(main(*inputs()))
