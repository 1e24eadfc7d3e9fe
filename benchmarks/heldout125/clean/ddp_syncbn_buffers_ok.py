"""ddp_syncbn.py: a DDP classifier whose BatchNorm keeps running statistics as buffers."""
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


class Points:
    def __init__(self, n=64, dim=6):
        rng = np.random.default_rng(3)
        self.x = (rng.normal(size=(n, dim)) * 3 + 1).astype(np.float32)
        self.y = (self.x[:, 0] > 1).astype(np.int32)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


class SyncBatchNorm(Module):
    def __init__(self, dim, group, momentum=0.1):
        super().__init__()
        self.group, self.momentum = group, momentum
        self.register_buffer("running_mean", jnp.zeros((dim,)))

    def forward(self, x, running_mean):
        if not self.training:
            return x - running_mean, running_mean
        every = dist.all_gather(x, group=self.group, to="invarying")
        mean = jnp.mean(every, axis=0)
        new_running = (1 - self.momentum) * running_mean + self.momentum * mean
        return x - mean, new_running


class Classifier(Module):
    def __init__(self, group, dim=6):
        super().__init__()
        self.bn = SyncBatchNorm(dim, group)
        self.register_parameter("w", jnp.zeros((dim, 2)))

    def forward(self, params, buffers, x):
        h, running = self.bn(x, buffers["bn.running_mean"])
        return h @ params["w"], {"bn.running_mean": running}


def inputs():
    return (2,)


def main(epochs):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    dist.init_process_group(mesh=mesh)
    dp = dist.new_group(axes="data")
    ddp = DistributedDataParallel(Classifier(dp).to("cpu"), process_group=dp)
    state = ddp.state_dict()
    params = {"w": state["module.w"]}
    buffers = {"bn.running_mean": state["module.bn.running_mean"]}

    def train_step(params, buffers, x, y):
        def loss_fn(p):
            logits, new_buffers = ddp(p, buffers, x)
            logp = jax.nn.log_softmax(logits)
            return -jnp.mean(jnp.take_along_axis(logp, y[:, None], axis=1)), new_buffers
        (loss, new_buffers), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        return dist.all_reduce(loss, ReduceOp.AVG, dp), ddp.sync_gradients(grads), new_buffers

    step = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P(), P("data"), P("data")),
                                 out_specs=(P(), P(), P())))
    opt = SGD(params, lr=0.1)
    ddp.train()
    for epoch in range(epochs):
        for batch in DataLoader(Points(), batch_size=16):
            x, y = (jax.device_put(t, NamedSharding(mesh, P("data"))) for t in batch)
            opt.zero_grad()
            loss, opt.grads, buffers = step(opt.params, buffers, x, y)
            opt.step()
        print(f"epoch {epoch}: loss {float(loss):.4f}")
    assert np.all(np.isfinite(np.asarray(buffers["bn.running_mean"])))
    return buffers


if __name__ == "__main__":
    main(*inputs())
