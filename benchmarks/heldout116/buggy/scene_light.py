"""Scene graph: a point light sums the emitted radiance of the particle systems under it."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class SceneNode:
    name: str
    kind: str
    children: list = field(default_factory=list)


def visit(node, fn, depth=0):
    fn(node, depth)
    for c in node.children:
        visit(c, fn, depth + 1)


def radiance_all(block):
    # every particle's radiance on every device (reduced: the adjoint is summed once)
    return jax.lax.all_gather(block, "emitters", axis=0, tiled=True, to="reduced")


def light_kernel(block):
    rad = radiance_all(block)
    total = jax.lax.psum(rad, "emitters")
    return jnp.sum(total, axis=0, keepdims=True)


def make_visitor(mesh, radiance, results):
    lit = jax.shard_map(light_kernel, mesh=mesh, in_specs=P("emitters", "rgb"), out_specs=P(None, "rgb"))

    def on_node(node, depth):
        if node.kind == "light":
            results[node.name] = lit(radiance)
    return on_node


def inputs():
    return (np.random.default_rng(33).uniform(0, 1, (16, 4)).astype(np.float32),)


def main(radiance):
    mesh = jax.make_mesh((4, 2), ("emitters", "rgb"))
    radiance = jax.device_put(radiance, NamedSharding(mesh, P("emitters", "rgb")))
    scene = SceneNode("root", "group", [
        SceneNode("torch", "group", [SceneNode("flame", "emitter"), SceneNode("torch_light", "light")]),
        SceneNode("sun", "light"),
    ])
    results = {}
    visit(scene, make_visitor(mesh, radiance, results))
    print(sorted(results))


if __name__ == "__main__":
    main(*inputs())
