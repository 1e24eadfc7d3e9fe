"""train_mlp_ddp.py: a 2-layer MLP classifier trained with DDP, per-rank grad norms logged."""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- torchish: the torch.nn / torch.distributed / DataLoader bits our port uses (pasted) -----


class Module:
    def __init__(self):
        object.__setattr__(self, "_params", {})
        object.__setattr__(self, "_buffers", {})
        object.__setattr__(self, "_modules", {})
        object.__setattr__(self, "training", True)

    def __setattr__(self, name, value):
        if isinstance(value, Module):
            self._modules[name] = value
        object.__setattr__(self, name, value)

    def register_parameter(self, name, value):
        self._params[name] = value
        object.__setattr__(self, name, value)

    def register_buffer(self, name, value):
        self._buffers[name] = value
        object.__setattr__(self, name, value)

    def named_parameters(self, prefix=""):
        yield from ((prefix + k, v) for k, v in self._params.items())
        for name, m in self._modules.items():
            yield from m.named_parameters(prefix + name + ".")

    def state_dict(self, prefix=""):
        out = {prefix + k: v for k, v in {**self._params, **self._buffers}.items()}
        for name, m in self._modules.items():
            out.update(m.state_dict(prefix + name + "."))
        return out

    def load_state_dict(self, sd, prefix=""):
        for k in list(self._params):
            self.register_parameter(k, sd[prefix + k])
        for k in list(self._buffers):
            self.register_buffer(k, sd[prefix + k])
        for name, m in self._modules.items():
            m.load_state_dict(sd, prefix + name + ".")
        return self

    def train(self, mode=True):
        object.__setattr__(self, "training", mode)
        for m in self._modules.values():
            m.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def to(self, device):
        return self

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)


class ModuleList(Module):
    def __init__(self, mods):
        super().__init__()
        for i, m in enumerate(mods):
            setattr(self, str(i), m)

    def __iter__(self):
        return iter(self._modules.values())


class ReduceOp:
    SUM, AVG, MAX = "sum", "avg", "max"


class ProcessGroup:
    def __init__(self, axes):  # the mesh axes the group's ranks span
        self.axes = tuple(axes) if isinstance(axes, (tuple, list)) else (axes,)

    @property
    def axis(self):
        return self.axes[0] if len(self.axes) == 1 else self.axes


class _Distributed:
    mesh = WORLD = None

    def init_process_group(self, backend="xla", mesh=None):
        self.mesh, self.WORLD = mesh, ProcessGroup(mesh.axis_names)

    def new_group(self, ranks=None, axes=None):
        return ProcessGroup(axes)

    def get_world_size(self, group=None):
        return int(np.prod([self.mesh.shape[a] for a in (group or self.WORLD).axes]))

    def get_rank(self, group=None):
        return jax.lax.axis_index((group or self.WORLD).axis)

    def all_reduce(self, tensor, op=ReduceOp.SUM, group=None):
        axis = (group or self.WORLD).axis
        if op == ReduceOp.AVG:
            return jax.lax.pmean(tensor, axis)
        if op == ReduceOp.MAX:
            return jax.lax.pmax(tensor, axis)
        return jax.lax.psum(tensor, axis)

    def all_gather(self, tensor, group=None, dim=0, to="invarying"):
        return jax.lax.all_gather(tensor, (group or self.WORLD).axis, axis=dim, tiled=True, to=to)

    def reduce_scatter(self, tensor, group=None, dim=0):
        return jax.lax.psum_scatter(tensor, (group or self.WORLD).axis, scatter_dimension=dim,
                                    tiled=True)


dist = _Distributed()


class DistributedDataParallel(Module):
    def __init__(self, module, process_group=None):
        super().__init__()
        self.module, self.process_group = module, process_group

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def sync_gradients(self, grads):
        return jax.tree.map(
            lambda g: dist.all_reduce(g, op=ReduceOp.AVG, group=self.process_group), grads)


@contextlib.contextmanager
def no_grad():
    yield


class DataLoader:
    def __init__(self, dataset, batch_size=1, drop_last=True):
        self.dataset, self.batch_size, self.drop_last = dataset, batch_size, drop_last

    def __iter__(self):
        for s in range(0, len(self.dataset), self.batch_size):
            idx = range(s, min(s + self.batch_size, len(self.dataset)))
            if len(idx) < self.batch_size and self.drop_last:
                return
            yield tuple(np.stack(col) for col in zip(*(self.dataset[i] for i in idx)))


class SGD:
    def __init__(self, params, lr=0.1):
        self.params, self.lr, self.grads = params, lr, None

    def zero_grad(self):
        self.grads = None

    def step(self):
        self.params = jax.tree.map(lambda p, g: p - self.lr * g, self.params, self.grads)
        return self.params

# --------------------------------------------------------------------------- end torchish


class Blobs:
    def __init__(self, n=64, dim=16, classes=4, seed=0):
        rng = np.random.default_rng(seed)
        self.x = rng.normal(size=(n, dim)).astype(np.float32)
        self.y = rng.integers(0, classes, size=n).astype(np.int32)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


class MLP(Module):
    def __init__(self, dim=16, hidden=32, classes=4, seed=0):
        super().__init__()
        k1, k2 = jax.random.split(jax.random.key(seed))
        self.register_parameter("w1", jax.random.normal(k1, (dim, hidden)) * 0.1)
        self.register_parameter("w2", jax.random.normal(k2, (hidden, classes)) * 0.1)

    def forward(self, params, x):
        return jax.nn.relu(x @ params["w1"]) @ params["w2"]


def cross_entropy(logits, y):
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, y[:, None], axis=1))


class GradNormLogger:
    """Collects every data-parallel rank's gradient norm, for the straggler dashboard."""

    def __init__(self, group):
        self.group = group

    def __call__(self, grads):
        sq = sum(jnp.sum(g * g) for g in jax.tree.leaves(grads))
        return dist.all_gather(jnp.sqrt(sq)[None], group=self.group, to="reduced")


def make_step(model, dp_group, logger):
    def step(params, x, y):
        loss, grads = jax.value_and_grad(lambda p: cross_entropy(model(p, x), y))(params)
        grads = model.sync_gradients(grads)
        norms = logger(grads)
        return dist.all_reduce(loss, op=ReduceOp.AVG, group=dp_group), grads, norms

    return jax.jit(jax.shard_map(
        step, mesh=dist.mesh, in_specs=(P(), P("data"), P("data")),
        out_specs=(P(), P(), P(reduced={"data"}))))


def inputs():
    return (2, 16)


def main(epochs, batch_size):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    dist.init_process_group("xla", mesh=mesh)
    dp_group = dist.new_group(axes="data")
    model = DistributedDataParallel(MLP().to("cpu"), process_group=dp_group)
    params = {k.split(".")[-1]: v for k, v in model.named_parameters()}
    opt = SGD(params, lr=0.5)
    step = make_step(model, dp_group, GradNormLogger(dp_group))
    loader = DataLoader(Blobs(), batch_size=batch_size)
    losses = []
    for epoch in range(epochs):
        model.train()
        for batch in loader:
            x, y = (jax.device_put(t, NamedSharding(mesh, P("data"))) for t in batch)
            opt.zero_grad()
            loss, opt.grads, norms = step(opt.params, x, y)
            opt.step()
            losses.append(float(loss))
        print(f"epoch {epoch}: loss {losses[-1]:.4f} grad norms {np.asarray(norms)}")
    assert losses[-1] < losses[0]
    return opt.params


if __name__ == "__main__":
    main(*inputs())
