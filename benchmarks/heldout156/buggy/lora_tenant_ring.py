"""lora/serving/tenant_ring.py: rotate per-tenant adapters around the data ranks.

Each data rank serves one tenant's adapter; every rotation step hands each adapter to the next
rank (a ring over the data axis) and also returns the full adapter bank for the router table.
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --------------------------------------------------------------------------------------------
# partition_lite (pasted from infra/partition_lite.py): regex rules over parameter key paths,
# logical axis names -> mesh axes. Kept dependency-free on purpose (no flax / t5x here).
# --------------------------------------------------------------------------------------------
def path_str(path):
    """'/'-joined key path; DictKey by key, GetAttrKey by name, SequenceKey by index."""
    parts = []
    for k in path:
        if isinstance(k, jax.tree_util.DictKey):
            parts.append(str(k.key))
        elif isinstance(k, jax.tree_util.GetAttrKey):
            parts.append(k.name)
        elif isinstance(k, jax.tree_util.SequenceKey):
            parts.append(str(k.idx))
        else:
            parts.append(jax.tree_util.keystr((k,)).strip(".[]'\""))
    return "/".join(parts)


def first_match(rules, name, default=None):
    """(regex, value) pairs; the first regex that searches `name` wins."""
    for pattern, value in rules:
        if re.search(pattern, name):
            return value
    return default


def logical_to_mesh(logical, axis_rules):
    """Logical axis names -> mesh axes (first pair with that name wins; None = replicated)."""
    out = []
    for name in logical:
        mesh_axis = None
        for rule_name, rule_axis in axis_rules:
            if rule_name == name:
                mesh_axis = rule_axis
                break
        out.append(mesh_axis)
    return tuple(out)


def tree_specs(tree, param_rules, axis_rules):
    """One PartitionSpec per leaf, from the leaf's path."""
    def leaf_spec(path, leaf):
        logical = first_match(param_rules, path_str(path))
        if logical is None:
            return P(*([None] * jnp.ndim(leaf)))
        return P(*logical_to_mesh(logical, axis_rules))
    return jax.tree_util.tree_map_with_path(leaf_spec, tree)


def spec_axes(spec):
    """Mesh axes a PartitionSpec shards over, in order."""
    axes = []
    for entry in spec:
        if entry is None:
            continue
        axes.extend(entry if isinstance(entry, tuple) else (entry,))
    return tuple(axes)


def place(tree, specs, mesh):
    return jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), tree, specs,
                        is_leaf=lambda s: isinstance(s, P))
# --------------------------------------------------------------------------------------------


class LoraDense:
    """Frozen kernel plus a low-rank adapter (kernel + scaling * lora_a @ lora_b)."""

    def __init__(self, kernel, lora_a, lora_b):
        self.kernel = kernel
        self.lora_a = lora_a
        self.lora_b = lora_b

    def __repr__(self):
        return f"LoraDense(kernel={jnp.shape(self.kernel)}, rank={jnp.shape(self.lora_a)[-1]})"


def _lora_flatten(m):
    keys = ("kernel", "lora_a", "lora_b")
    return [(jax.tree_util.GetAttrKey(k), getattr(m, k)) for k in keys], None


jax.tree_util.register_pytree_with_keys(LoraDense, _lora_flatten,
                                        lambda _, children: LoraDense(*children))

PARAM_RULES = [
    (r"q_proj/kernel$", ("embed", "heads")),
    (r"q_proj/lora_a$", ("embed", "rank")),
    (r"q_proj/lora_b$", ("rank", "heads")),
    (r"o_proj/kernel$", ("heads", "embed")),
    (r"o_proj/lora_a$", ("heads", "rank")),
    (r"o_proj/lora_b$", ("rank", "embed")),
]

AXIS_RULES = [
    ("heads", "model"),
    ("embed", "data"),
    ("rank", None),
]

LORA_ALPHA, LORA_RANK = 8.0, 4


def init_params(rng, d=8, h=8, r=LORA_RANK):
    def normal(*shape):
        return (rng.standard_normal(shape) / np.sqrt(shape[0])).astype(np.float32)
    return {"q_proj": LoraDense(normal(d, h), normal(d, r), normal(r, h)),
            "o_proj": LoraDense(normal(h, d), normal(h, r), normal(r, d))}

BANK_RULES = [(r"bank/lora_(a|b)$", ("tenant", None, None))]
BANK_AXIS_RULES = [("tenant", "data")]


class AdapterRing:
    def __init__(self, mesh, bank_specs):
        self.mesh = mesh
        self.specs = bank_specs
        self.axis = bank_specs["bank"]["lora_a"][0]
        n = mesh.shape[self.axis]
        self.perm = [(i, (i + 1) % n) for i in range(n)]

    def rotate(self, x):
        return jax.lax.ppermute(x, self.axis, self.perm)

    def table(self, x):
        return jax.lax.all_gather(x, self.axis, axis=0, tiled=True, to="reduced")

    def _step(self, bank):
        full = {k: self.table(v) for k, v in bank["bank"].items()}
        nxt = {k: self.rotate(full[k]) for k in bank["bank"]}
        return {"bank": nxt}, full

    def __call__(self, bank):
        table_spec = P(None, None, None, reduced={self.axis})
        f = jax.shard_map(self._step, mesh=self.mesh, in_specs=(self.specs,),
                          out_specs=(self.specs, {"lora_a": table_spec, "lora_b": table_spec}))
        return jax.jit(f)(bank)


def inputs():
    rng = np.random.default_rng(36)
    tenants = [init_params(rng)["q_proj"] for _ in range(4)]
    return ({"bank": {"lora_a": np.stack([t.lora_a for t in tenants]),
                      "lora_b": np.stack([t.lora_b for t in tenants])}},)


def main(bank):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    specs = tree_specs(bank, BANK_RULES, BANK_AXIS_RULES)
    ring = AdapterRing(mesh, specs)
    rotated, table = ring(place(bank, specs, mesh))
    np.testing.assert_allclose(np.asarray(rotated["bank"]["lora_a"]),
                               np.roll(bank["bank"]["lora_a"], 1, axis=0))
    np.testing.assert_allclose(np.asarray(table["lora_b"]), bank["bank"]["lora_b"])
    print("rotated bank", rotated["bank"]["lora_a"].shape)


if __name__ == "__main__":
    main(*inputs())
