"""Scene graph: a light sums the radiance of all emitters from a reduced gather (no second collective)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def light_kernel(block):
    rad = jax.lax.all_gather(block, "emitters", axis=0, tiled=True, to="reduced")
    return jnp.sum(rad, axis=0, keepdims=True)


def visit(node, fn):
    fn(node)
    for child in node.get("children", []):
        visit(child, fn)


def inputs():
    return (np.random.default_rng(33).uniform(0, 1, (16, 4)).astype(np.float32),)


def main(radiance):
    mesh = jax.make_mesh((4, 2), ("emitters", "rgb"))
    radiance = jax.device_put(radiance, NamedSharding(mesh, P("emitters", "rgb")))
    lit = jax.shard_map(light_kernel, mesh=mesh, in_specs=P("emitters", "rgb"),
                        out_specs=P(None, "rgb", reduced={"emitters"}))
    scene = {"name": "root", "children": [{"name": "torch", "kind": "light"}, {"name": "sun", "kind": "light"}]}
    results = {}
    visit(scene, lambda n: results.__setitem__(n["name"], lit(radiance)) if n.get("kind") == "light" else None)
    print(sorted(results))


if __name__ == "__main__":
    main(*inputs())
