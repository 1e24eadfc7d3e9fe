"""Streaming ASR: /adapt computes the frame-level CTC-style objective of labelled chunks for the
on-device adaptation loop (blank-aware frame cross entropy), summed over the whole mesh."""
import asyncio
import contextlib
import functools
import inspect
import typing

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# --- servekit: the small FastAPI / pydantic stand-in our inference services share -----------

class ValidationError(ValueError):
    pass


def _coerce(tp, value):
    origin = typing.get_origin(tp)
    if origin is tuple and isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    if origin in (tuple, list) and isinstance(value, (list, tuple)):
        return origin(value)
    if tp in (int, float) and isinstance(value, (str, int, float)):
        return tp(value)
    return value


class BaseModel:
    """Annotated fields, class defaults, coercion of "a,b" to tuples; extra fields rejected."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        fields = {}
        for klass in reversed(cls.__mro__):
            fields.update({k: v for k, v in getattr(klass, "__annotations__", {}).items()
                           if not k.startswith("_")})
        cls.model_fields = fields

    def __init__(self, **data):
        for name, tp in self.model_fields.items():
            if name in data:
                value = _coerce(tp, data.pop(name))
            elif hasattr(type(self), name):
                value = getattr(type(self), name)
            else:
                raise ValidationError(f"{type(self).__name__}.{name}: field required")
            setattr(self, name, value)
        if data:
            raise ValidationError(f"{type(self).__name__}: extra fields {sorted(data)}")

    @classmethod
    def model_validate(cls, obj):
        return cls(**dict(obj or {}))

    def model_dump(self):
        return {name: getattr(self, name) for name in self.model_fields}

    def model_copy(self, update=None):
        return type(self)(**{**self.model_dump(), **(update or {})})


class Depends:
    def __init__(self, dependency, *, use_cache=True):
        self.dependency = dependency
        self.use_cache = use_cache


class BackgroundTasks:
    def __init__(self):
        self.tasks = []

    def add_task(self, fn, *args, **kwargs):
        self.tasks.append((fn, args, kwargs))

    async def __call__(self):
        for fn, args, kwargs in self.tasks:
            if inspect.iscoroutinefunction(fn):
                await fn(*args, **kwargs)
            else:
                await run_in_threadpool(fn, *args, **kwargs)


class Request:
    def __init__(self, app, method, path, body=None, query=None):
        self.app, self.method, self.path = app, method, path
        self._body = body or {}
        self.query = dict(query or {})
        self.exit_stack = contextlib.AsyncExitStack()

    async def json(self):
        return self._body


class Response:
    def __init__(self, status_code, payload):
        self.status_code = status_code
        self._payload = payload

    def json(self):
        return self._payload


class HTTPException(Exception):
    def __init__(self, status_code, detail=""):
        super().__init__(detail)
        self.status_code, self.detail = status_code, detail


async def run_in_threadpool(fn, *args, **kwargs):
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, functools.partial(fn, *args, **kwargs))


class App:
    def __init__(self, title=""):
        self.title = title
        self.routes = {}
        self.state = type("State", (), {})()
        self.dependency_overrides = {}
        self._hooks = {"startup": [], "shutdown": []}

    def on_event(self, kind):
        def register(fn):
            self._hooks[kind].append(fn)
            return fn
        return register

    def route(self, method, path, response_model=None):
        def register(fn):
            self.routes[(method, path)] = (fn, response_model)
            return fn
        return register

    def post(self, path, **kwargs):
        return self.route("POST", path, **kwargs)

    def get(self, path, **kwargs):
        return self.route("GET", path, **kwargs)

    async def _solve(self, fn, request, cache, background):
        kwargs = {}
        for name, param in inspect.signature(fn).parameters.items():
            default, ann = param.default, param.annotation
            if isinstance(default, Depends):
                dep = self.dependency_overrides.get(default.dependency, default.dependency)
                if default.use_cache and dep in cache:
                    kwargs[name] = cache[dep]
                    continue
                kwargs[name] = cache[dep] = await self._call(dep, request, cache, background)
            elif ann is Request:
                kwargs[name] = request
            elif ann is BackgroundTasks:
                kwargs[name] = background
            elif isinstance(ann, type) and issubclass(ann, BaseModel):
                kwargs[name] = ann.model_validate(await request.json())
            elif name in request.query:
                kwargs[name] = _coerce(ann, request.query[name])
        return kwargs

    async def _call(self, fn, request, cache, background):
        kwargs = await self._solve(fn, request, cache, background)
        if inspect.isasyncgenfunction(fn):
            gen = fn(**kwargs)
            value = await gen.__anext__()
            request.exit_stack.push_async_callback(gen.aclose)
            return value
        out = fn(**kwargs)
        return await out if inspect.isawaitable(out) else out

    async def handle(self, method, path, body=None, query=None):
        if (method, path) not in self.routes:
            return Response(404, {"detail": "Not Found"})
        fn, response_model = self.routes[(method, path)]
        request, background = Request(self, method, path, body, query), BackgroundTasks()
        async with request.exit_stack:
            try:
                out = await self._call(fn, request, {}, background)
            except HTTPException as exc:
                return Response(exc.status_code, {"detail": exc.detail})
        if response_model is not None and not isinstance(out, response_model):
            out = response_model.model_validate(out)
        await background()
        return Response(200, out.model_dump() if isinstance(out, BaseModel) else out)

    async def startup(self):
        for hook in self._hooks["startup"]:
            await hook() if inspect.iscoroutinefunction(hook) else hook()

    async def shutdown(self):
        for hook in self._hooks["shutdown"]:
            await hook() if inspect.iscoroutinefunction(hook) else hook()


class TestClient:
    """Like Starlette's TestClient with raise_server_exceptions=True, but awaitable."""

    def __init__(self, app):
        self.app = app

    async def __aenter__(self):
        await self.app.startup()
        return self

    async def __aexit__(self, *exc):
        await self.app.shutdown()

    async def post(self, path, json=None):
        return await self.app.handle("POST", path, body=json)

    async def get(self, path, params=None):
        return await self.app.handle("GET", path, query=params)


# --- end of servekit ---------------------------------------------------------------------------

# --- streaming ASR service: config, startup, sessions, the head-parallel encoder -------------

class StreamConfig(BaseModel):
    mesh_shape: tuple[int, ...] = (4, 2)
    mesh_axes: tuple[str, ...] = ("streams", "heads")
    d_model: int = 16
    n_heads: int = 4
    d_head: int = 4
    vocab: int = 12
    chunk_frames: int = 8
    n_streams: int = 8


conf = StreamConfig()
app = App(title="streaming-asr")

ENCODER_SPECS = {
    "wq": P(None, "heads"), "wk": P(None, "heads"), "wv": P(None, "heads"),
    "wo": P("heads", None), "w_ctc": P(),
}


@app.on_event("startup")
async def load_encoder():
    mesh = jax.make_mesh(conf.mesh_shape, conf.mesh_axes)
    hd = conf.n_heads * conf.d_head
    shapes = {"wq": (conf.d_model, hd), "wk": (conf.d_model, hd), "wv": (conf.d_model, hd),
              "wo": (hd, conf.d_model), "w_ctc": (conf.d_model, conf.vocab)}
    rng = np.random.default_rng(5)
    app.state.mesh = mesh
    app.state.encoder = {n: jax.device_put((rng.normal(size=s) / np.sqrt(s[0])).astype(np.float32),
                                           NamedSharding(mesh, ENCODER_SPECS[n]))
                         for n, s in shapes.items()}


def get_mesh(request: Request):
    return request.app.state.mesh


def get_encoder(request: Request):
    return request.app.state.encoder


def get_conf():
    return conf


def head_parallel_attention(x, p, heads_axis):
    """x: (streams_local, T, d). Each device holds n_heads / |heads| heads; returns (out, probs)."""
    s, t, _ = x.shape
    split = lambda y: y.reshape(s, t, -1, conf.d_head).transpose(0, 2, 1, 3)
    q, k, v = split(x @ p["wq"]), split(x @ p["wk"]), split(x @ p["wv"])
    probs = jax.nn.softmax(q @ k.transpose(0, 1, 3, 2) / np.sqrt(conf.d_head), axis=-1)
    o = (probs @ v).transpose(0, 2, 1, 3).reshape(s, t, -1)
    return x + jax.lax.psum(o @ p["wo"], heads_axis), probs


def ctc_log_probs(h, p):
    return jax.nn.log_softmax(h @ p["w_ctc"], axis=-1)


async def audio_chunks(n_chunks, seed=0):
    """Stand-in for the websocket: yields (n_streams, chunk_frames, d_model) fbank chunks."""
    rng = np.random.default_rng(seed)
    for _ in range(n_chunks):
        await asyncio.sleep(0)
        yield rng.normal(size=(conf.n_streams, conf.chunk_frames, conf.d_model)).astype(np.float32)


def place_chunk(mesh, chunk):
    return jax.device_put(chunk, NamedSharding(mesh, P(conf.mesh_axes[0], None, None)))


class StreamRequest(BaseModel):
    n_chunks: int = 2
    seed: int = 0


class AdaptRequest(StreamRequest):
    labels: list = []


class LossReducer:
    def __init__(self, axes):
        self.axes = axes

    def __call__(self, per_stream):
        return jax.lax.psum(per_stream.sum(), self.axes)


def get_reducer(c: StreamConfig = Depends(get_conf)):
    return LossReducer(c.mesh_axes)


@app.post("/adapt")
async def adapt(req: AdaptRequest, mesh=Depends(get_mesh), encoder=Depends(get_encoder),
                reduce_loss: LossReducer = Depends(get_reducer), c: StreamConfig = Depends(get_conf)):
    streams, heads = c.mesh_axes

    def objective(x, labels, p):
        h, _ = head_parallel_attention(x, p, heads)
        logp = ctc_log_probs(h, p)
        frame_nll = -jnp.take_along_axis(logp, labels[:, :, None], axis=-1)[..., 0]
        return reduce_loss(frame_nll.mean(axis=1))

    fn = jax.jit(jax.shard_map(objective, mesh=mesh,
                               in_specs=(P(streams, None, None), P(streams, None), ENCODER_SPECS),
                               out_specs=P()))
    labels = jax.device_put(np.asarray(req.labels, np.int32), NamedSharding(mesh, P(streams, None)))
    total = 0.0
    async for chunk in audio_chunks(req.n_chunks, req.seed):
        total += float(await run_in_threadpool(fn, place_chunk(mesh, chunk), labels, encoder))
    return {"objective": total / req.n_chunks}


async def serve(labels):
    async with TestClient(app) as client:
        resp = await client.post("/adapt", json={"n_chunks": 2, "labels": labels})
        return resp.json()["objective"]


def inputs():
    return (np.random.default_rng(9).integers(0, 12, size=(8, 8)).tolist(),)


def main(labels):
    return asyncio.run(serve(labels))


if __name__ == "__main__":
    print(main(*inputs()))
